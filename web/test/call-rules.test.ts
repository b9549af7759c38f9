import { describe, expect, it } from 'vitest';
import type { TelephonyCall } from '@hotline/contract';
import { callRecordProblems } from '@hotline/domain';
import {
  SIGN_IN_DELAY_MS,
  callRecordBody,
  isFrameMessage,
  isLive,
  liveSeconds,
  signInWait,
  WINDOW_LOADED,
} from '../src/features/call/call-rules';

const answered: TelephonyCall = {
  callOutId: '7d0c2c0e-8f3e-4a57-9a0e-1c2d3e4f5a6b',
  orderId: 42,
  orderNum: 'ZJ202603010001',
  seatNo: 3,
  phone: '13800001234',
  state: 'answered',
  dialedAt: '2026-03-01T10:00:00.000Z',
  answeredAt: '2026-03-01T10:00:05.000Z',
  endedAt: null,
  hangupBy: null,
  hangupReason: null,
  duration: 0,
  file: '',
  simulated: true,
};
const ended: TelephonyCall = {
  ...answered,
  state: 'ended',
  endedAt: '2026-03-01T10:01:10.000Z',
  hangupBy: 'agent',
  hangupReason: 'agent hung up',
  duration: 65,
  file: `/api/addons/call/recording/${answered.callOutId}`,
};

describe('sign-in reappears 5 s after sign-out (spec section 2)', () => {
  it('waits 5 s, counting down whole seconds', () => {
    expect(SIGN_IN_DELAY_MS).toBe(5000);
    const out = 1_000_000;
    expect(signInWait(null, out)).toBe(0);
    expect(signInWait(out, out)).toBe(5);
    expect(signInWait(out, out + 1)).toBe(5);
    expect(signInWait(out, out + 4001)).toBe(1);
    expect(signInWait(out, out + 4999)).toBe(1);
    expect(signInWait(out, out + 5000)).toBe(0);
  });
});

describe('live state and talk time', () => {
  it('counts from the answer while in call, then shows the final figure', () => {
    expect(isLive(answered)).toBe(true);
    expect(isLive(ended)).toBe(false);
    expect(isLive(null)).toBe(false);
    expect(liveSeconds(answered, Date.parse('2026-03-01T10:00:35.400Z'))).toBe(30);
    expect(liveSeconds({ ...answered, answeredAt: null, state: 'ringing' }, Date.now())).toBe(0);
    expect(liveSeconds(ended, Date.parse('2026-03-01T11:00:00Z'))).toBe(65);
  });
});

describe('the call record sent on hang-up (spec section 3)', () => {
  it('carries every field of the call record, and passes the domain rules', () => {
    const body = callRecordBody(ended, { realname: '张坐席' }, 9);
    expect(Object.keys(body).sort()).toEqual(
      [
        'callOutId',
        'handleId',
        'orderId',
        'orderNum',
        'callPerson',
        'callTelphone',
        'callTime',
        'hangUpTime',
        'isConnect',
        'hangUpPerson',
        'hangUpReason',
        'callDuration',
        'file',
      ].sort(),
    );
    expect(body).toMatchObject({
      isConnect: 1,
      callDuration: 65,
      hangUpPerson: 'agent',
      file: ended.file,
    });
    const problems = callRecordProblems(
      {
        callTelphone: String(body.callTelphone),
        callTime: new Date(String(body.callTime)),
        hangUpTime: new Date(String(body.hangUpTime)),
        isConnect: body.isConnect === 1 ? 1 : 0,
        hangUpPerson: 'agent',
        hangUpReason: String(body.hangUpReason),
        callDuration: Number(body.callDuration),
        file: String(body.file),
      },
      new Date('2026-03-01T10:02:00Z'),
    );
    expect(problems).toEqual([]);
  });

  it('an unanswered call has no talk time and no recording', () => {
    const body = callRecordBody(
      {
        ...ended,
        answeredAt: null,
        hangupBy: 'system',
        hangupReason: 'no answer',
        duration: 0,
        file: '',
      },
      { realname: 'x' },
    );
    expect(body).toMatchObject({ isConnect: 0, callDuration: 0, file: '', hangUpPerson: 'system' });
    expect('handleId' in body).toBe(false);
  });
});

describe('call-window messages are trusted from our origin and our frame only', () => {
  const frame = {};
  const own = 'http://127.0.0.1:8195';
  const msg = (origin: string, source: unknown, data: unknown = { type: WINDOW_LOADED }) => ({
    origin,
    source,
    data,
  });
  it('accepts the frame on our origin', () => {
    expect(isFrameMessage(msg(own, frame), own, frame, WINDOW_LOADED)).toBe(true);
  });
  it('refuses another origin, another window, a missing frame or another type', () => {
    expect(isFrameMessage(msg('http://evil.example', frame), own, frame, WINDOW_LOADED)).toBe(
      false,
    );
    expect(isFrameMessage(msg(own, {}), own, frame, WINDOW_LOADED)).toBe(false);
    expect(isFrameMessage(msg(own, null), own, null, WINDOW_LOADED)).toBe(false);
    expect(isFrameMessage(msg(own, frame, { type: 'other' }), own, frame, WINDOW_LOADED)).toBe(
      false,
    );
    expect(
      isFrameMessage(msg(own, frame, 'hotline:call-window:loaded'), own, frame, WINDOW_LOADED),
    ).toBe(false);
  });
});
