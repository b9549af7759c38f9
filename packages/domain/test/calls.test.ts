import { describe, expect, it } from 'vitest';
import {
  SEAT_COUNT,
  SEAT_NUMBERS,
  callRecordProblems,
  callResultMissing,
  callingEnabled,
  clockTypesOf,
  decideSeatTake,
  formatCallDuration,
  mayCall,
  nextCallState,
  offeredSeats,
  translate,
  type CallRecordInput,
  type SeatHolding,
} from '../src/index';

const free = (seatNo: number): SeatHolding => ({ seatNo, holderId: null, holderLoggedIn: false });
const held = (seatNo: number, holderId: number, holderLoggedIn = true): SeatHolding => ({
  seatNo,
  holderId,
  holderLoggedIn,
});

describe('seats (spec section 9)', () => {
  it('has 12 seats numbered 1 to 12', () => {
    expect(SEAT_COUNT).toBe(12);
    expect(SEAT_NUMBERS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('offers every seat when nobody holds one', () => {
    const offered = offeredSeats(SEAT_NUMBERS.map(free), 7);
    expect(offered.map((s) => s.seatNo)).toEqual([...SEAT_NUMBERS]);
    expect(offered.every((s) => !s.mine)).toBe(true);
  });

  it('hides seats taken by other logged-in agents and marks my own', () => {
    const seats = SEAT_NUMBERS.map((n) => (n === 3 ? held(3, 50) : n === 5 ? held(5, 7) : free(n)));
    const offered = offeredSeats(seats, 7);
    expect(offered.map((s) => s.seatNo)).not.toContain(3);
    expect(offered).toHaveLength(11);
    expect(offered.find((s) => s.seatNo === 5)).toEqual({ seatNo: 5, mine: true });
  });

  it('offers a seat whose holder has logged out', () => {
    const offered = offeredSeats([held(4, 50, false)], 7);
    expect(offered).toEqual([{ seatNo: 4, mine: false }]);
  });

  it('ignores rows outside 1..12 and sorts by seat', () => {
    expect(offeredSeats([free(13), free(2), free(0), free(1)], 1).map((s) => s.seatNo)).toEqual([
      1, 2,
    ]);
  });

  it('decides a take: free, mine, taken', () => {
    expect(decideSeatTake(free(1), 7)).toBe('take');
    expect(decideSeatTake(held(1, 7), 7)).toBe('already-mine');
    expect(decideSeatTake(held(1, 8), 7)).toBe('taken');
    expect(decideSeatTake(held(1, 8, false), 7)).toBe('take');
  });
});

describe('who calls and who clocks in (spec section 6)', () => {
  it('calling needs is_waihu or is_heyi_waihu', () => {
    expect(callingEnabled({})).toBe(false);
    expect(callingEnabled({ is_waihu: '0', is_heyi_waihu: '0' })).toBe(false);
    expect(callingEnabled({ is_waihu: '1' })).toBe(true);
    expect(callingEnabled({ is_heyi_waihu: '1' })).toBe(true);
  });

  it('the call bar needs /jsjb/dw or /jsjb/case', () => {
    expect(mayCall({ admin: false, rules: ['/jsjb/case'] })).toBe(true);
    expect(mayCall({ admin: false, rules: ['/jsjb/dw'] })).toBe(true);
    expect(mayCall({ admin: false, rules: ['/jsjb/qu/call', '/jsjb/qu/call/bjdhf'] })).toBe(false);
    expect(mayCall({ admin: true, rules: [] })).toBe(true);
  });

  it('clock-in types follow the rule strings', () => {
    expect(clockTypesOf({ admin: false, rules: ['/jsjb/qu/call', '/jsjb/qu/call/bjdhf'] })).toEqual(
      [1],
    );
    expect(clockTypesOf({ admin: false, rules: ['/jsjb/qu/dcl'] })).toEqual([2]);
    expect(clockTypesOf({ admin: false, rules: ['/jsjb/case'] })).toEqual([2]);
    expect(clockTypesOf({ admin: false, rules: ['/jsjb/street'] })).toEqual([]);
    expect(clockTypesOf({ admin: true, rules: [] })).toEqual([1, 2]);
  });
});

describe('call states', () => {
  it('rings, answers and ends in order', () => {
    expect(nextCallState('dialing', 'ring')).toBe('ringing');
    expect(nextCallState('ringing', 'answer')).toBe('answered');
    expect(nextCallState('answered', 'hangup')).toBe('ended');
    expect(nextCallState('ringing', 'hangup')).toBe('ended');
  });

  it('refuses late or out-of-order events', () => {
    expect(nextCallState('ended', 'answer')).toBeNull();
    expect(nextCallState('ended', 'hangup')).toBeNull();
    expect(nextCallState('dialing', 'answer')).toBeNull();
    expect(nextCallState('answered', 'ring')).toBeNull();
  });
});

describe('call-record validation', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  const good: CallRecordInput = {
    callTelphone: '13800001234',
    callTime: new Date('2026-03-01T09:58:00Z'),
    hangUpTime: new Date('2026-03-01T09:59:30Z'),
    isConnect: 1,
    hangUpPerson: 'agent',
    hangUpReason: '',
    callDuration: 80,
    file: '/api/addons/call/index/recording/abc',
  };
  const problems = (patch: Partial<CallRecordInput>) =>
    callRecordProblems({ ...good, ...patch }, now).map((p) => `${p.field}:${p.problem}`);

  it('accepts a sound record, connected or not', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ isConnect: 0, callDuration: 0, file: '' })).toEqual([]);
    expect(problems({ callTelphone: '010-12345678' })).toEqual([]);
  });

  it('refuses a bad number', () => {
    expect(problems({ callTelphone: '12345' })).toEqual(['callTelphone:call.phoneInvalid']);
    expect(problems({ callTelphone: '1380000123' })).toEqual(['callTelphone:call.phoneInvalid']);
  });

  it('refuses a hang-up before the call and times in the future', () => {
    expect(problems({ hangUpTime: new Date('2026-03-01T09:57:00Z') })).toEqual([
      'hangUpTime:call.hangUpBeforeCall',
    ]);
    expect(
      problems({
        callTime: new Date('2026-03-01T10:06:00Z'),
        hangUpTime: new Date('2026-03-01T10:07:00Z'),
        callDuration: 30,
      }),
    ).toEqual(['callTime:call.inFuture', 'hangUpTime:call.inFuture']);
    // within the five-minute clock tolerance
    expect(problems({ hangUpTime: new Date('2026-03-01T10:04:00Z') })).toEqual([]);
  });

  it('refuses a talk time longer than the call', () => {
    expect(problems({ callDuration: 92 })).toEqual(['callDuration:call.durationTooLong']);
    expect(problems({ callDuration: 91 })).toEqual([]);
  });

  it('refuses talk time or a recording on a call that never connected', () => {
    expect(problems({ isConnect: 0, file: '' })).toEqual([
      'callDuration:call.notConnectedDuration',
    ]);
    expect(problems({ isConnect: 0, callDuration: 0 })).toEqual(['file:call.notConnectedFile']);
  });

  it('requires the handling result text', () => {
    expect(callResultMissing('')).toBe(true);
    expect(callResultMissing('   ')).toBe(true);
    expect(callResultMissing(undefined)).toBe(true);
    expect(callResultMissing('已联系市民')).toBe(false);
    expect(translate('call.resultRequired', 'en')).toBe('please fill in the handling result');
    expect(translate('call.resultRequired', 'zh')).toBe('请填写处理结果');
  });

  it('formats talk time', () => {
    expect(formatCallDuration(0)).toBe('0:00');
    expect(formatCallDuration(65)).toBe('1:05');
    expect(formatCallDuration(3725)).toBe('1:02:05');
  });
});
