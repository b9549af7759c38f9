import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord, OrderDetail, TelephonyCall } from '@hotline/contract';
import { post } from '../support/api';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { storedBytes } from '../storage/stored';
import {
  DIAL,
  HANGUP,
  INSERT,
  RECORDS,
  RESULT,
  fastSimulator,
  orderOutsideStreet1,
  takeSeat,
  waitForState,
} from './calls-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
let order: { id: number; orderNum: string };
let answered: TelephonyCall;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hotline-calls-'));
  t = await createTestApp({ orders: 40, settings: { dataDir } });
  for (const name of ['dispatcher', 'agent', 'reviewer', 'street1', 'leader', 'leader1']) {
    tokens[name] = await t.login(name);
  }
  order = await orderOutsideStreet1(t);
  fastSimulator(t);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const dial = (token: string, orderId = order.id) =>
  post<TelephonyCall>(t, DIAL, { orderId }, { token });

/** A record body matching the call as the console builds it on hang-up. */
function recordOf(call: TelephonyCall, patch: Record<string, unknown> = {}) {
  return {
    callOutId: call.callOutId,
    orderId: call.orderId,
    orderNum: call.orderNum,
    callPerson: 'whoever',
    callTelphone: call.phone,
    callTime: call.dialedAt,
    hangUpTime: call.endedAt,
    isConnect: call.answeredAt ? 1 : 0,
    hangUpPerson: call.hangupBy,
    hangUpReason: call.hangupReason,
    callDuration: call.duration,
    file: call.file,
    ...patch,
  };
}

describe('dialling through the seat simulator', () => {
  it('needs a seat first (409)', async () => {
    const res = await dial(tokens.dispatcher ?? '');
    expect(res.status).toBe(409);
    expect(res.msg).toBe('check in to a seat first');
  });

  it('calls the order caller: dialing, ringing, answered; a second dial is refused', async () => {
    expect((await takeSeat(t, tokens.dispatcher ?? '', 1)).code).toBe(200);
    const res = await dial(tokens.dispatcher ?? '');
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      state: 'dialing',
      seatNo: 1,
      orderId: order.id,
      simulated: true,
    });
    expect(res.data.phone).toMatch(/\d{7,}/);
    const again = await dial(tokens.dispatcher ?? '');
    expect(again.status).toBe(409);
    expect(again.msg).toBe('a call is already in progress; hang up first');
    answered = await waitForState(t, tokens.dispatcher ?? '', res.data.callOutId, 'answered');
    expect(answered.answeredAt).not.toBeNull();
  });

  it('hang-up ends it by the agent and leaves a WAV recording', async () => {
    await new Promise((r) => setTimeout(r, 1100));
    const res = await post<TelephonyCall>(
      t,
      HANGUP,
      { callOutId: answered.callOutId },
      {
        token: tokens.dispatcher,
      },
    );
    expect(res.data).toMatchObject({ state: 'ended', hangupBy: 'agent' });
    expect(res.data.duration).toBeGreaterThanOrEqual(1);
    expect(res.data.file).toBe(`/api/addons/call/recording/${answered.callOutId}`);
    answered = res.data;
    const wav = await t.app.inject({
      method: 'GET',
      url: res.data.file,
      headers: bearer(tokens.dispatcher ?? ''),
    });
    expect(wav.statusCode).toBe(200);
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(wav.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.rawPayload.subarray(8, 12).toString('ascii')).toBe('WAVE');
    const month = res.data.endedAt?.slice(0, 7).replace('-', '/') ?? '';
    const stored = await storedBytes(t.ctx, `recordings/${month}/${answered.callOutId}.wav`);
    expect(stored?.length).toBe(wav.rawPayload.length);
  });

  it('the recording is out of reach for a user who may not read the order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: answered.file,
      headers: bearer(tokens.street1 ?? ''),
    });
    expect(res.statusCode).toBe(404);
    const reviewer = await t.app.inject({
      method: 'GET',
      url: answered.file,
      headers: bearer(tokens.reviewer ?? ''),
    });
    expect(reviewer.statusCode).toBe(200);
  });

  it('an agent may not dial an order outside their scope (404)', async () => {
    expect((await takeSeat(t, tokens.agent ?? '', 2)).code).toBe(200);
    const res = await dial(tokens.agent ?? '');
    expect(res.status).toBe(404);
    expect(res.msg).toBe('no such work order');
  });

  it('nobody answers: the simulator ends it by the system, without a recording', async () => {
    fastSimulator(t, null);
    try {
      const res = await dial(tokens.dispatcher ?? '');
      const ended = await waitForState(t, tokens.dispatcher ?? '', res.data.callOutId, 'ended');
      expect(ended).toMatchObject({
        hangupBy: 'system',
        hangupReason: 'no answer',
        file: '',
        duration: 0,
      });
      const logged = await post<CallRecord>(t, INSERT, recordOf(ended), {
        token: tokens.dispatcher,
      });
      expect(logged.code).toBe(200);
      expect(logged.data).toMatchObject({ isConnect: 0, callDuration: 0, file: '' });
    } finally {
      fastSimulator(t);
    }
  });
});

describe('Callout/insertCallOut, saveResult, callOutList and the detail', () => {
  it('refuses records that break the rules, naming the problem', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ orderId: order.id + 1 }, 400, 'the record names another order than the call was made for'],
      [{ orderNum: 'ZJ000' }, 400, 'the record names another order than the call was made for'],
      [{ callTelphone: '13900000000' }, 400, 'the number differs from the number dialled'],
      [{ hangUpTime: '2020-01-01T00:00:00Z' }, 400, 'the hang-up cannot be before the call'],
      [{ callDuration: 99_999 }, 400, /^callDuration: /.source],
      [{ callDuration: 3600 }, 400, 'the talk time is longer than the call'],
      [{ isConnect: 0 }, 400, 'a call that did not connect has no talk time'],
      [{ file: '/api/file/download/1' }, 400, 'the recording does not belong to this call'],
      [{ hangUpPerson: 'nobody' }, 400, /^hangUpPerson: /.source],
      [{ callTime: 'yesterday' }, 400, /^callTime: /.source],
      [{ callOutId: 'not-a-uuid' }, 400, /^callOutId: /.source],
    ];
    for (const [patch, status, msg] of cases) {
      const res = await post(t, INSERT, recordOf(answered, patch), { token: tokens.dispatcher });
      expect(res.status, JSON.stringify(patch)).toBe(status);
      expect(res.msg, JSON.stringify(patch)).toMatch(new RegExp(msg));
    }
  });

  it("refuses someone else's call as unknown (404)", async () => {
    const res = await post(t, INSERT, recordOf(answered), { token: tokens.reviewer });
    expect(res.status).toBe(404);
    expect(res.msg).toBe('no such call');
  });

  it('logs the call once; the order detail and callOutList show it', async () => {
    const res = await post<CallRecord>(t, INSERT, recordOf(answered), {
      token: tokens.dispatcher,
      lang: 'zh',
    });
    expect(res.code).toBe(200);
    expect(res.msg).toBe('通话记录已保存');
    expect(res.data).toMatchObject({
      callOutId: answered.callOutId,
      orderNum: order.orderNum,
      isConnect: 1,
      hangUpPerson: 'agent',
      file: answered.file,
      result: null,
    });
    // the record names the signed-in agent, whatever the console sent
    const { rows } = await sql<{ realname: string }>`
      SELECT realname FROM users WHERE username = 'dispatcher'`.execute(t.ctx.db);
    expect(res.data.callPerson).toBe(rows[0]?.realname);
    expect(res.data.callPerson).not.toBe('whoever');
    const dup = await post(t, INSERT, recordOf(answered), { token: tokens.dispatcher });
    expect(dup.status).toBe(409);
    expect(dup.msg).toBe('this call is already recorded');

    const list = await post<{ list: CallRecord[]; totalCount: number }>(
      t,
      RECORDS,
      { orderNum: order.orderNum },
      {
        token: tokens.reviewer,
      },
    );
    expect(list.data.totalCount).toBe(2);
    expect(list.data.list.map((r) => r.callOutId)).toContain(answered.callOutId);
    const detail = await post<OrderDetail>(
      t,
      '/api/addons/jsjb/lists/detail',
      { id: order.id },
      {
        token: tokens.dispatcher,
      },
    );
    expect(detail.data.calls.map((c) => (c as CallRecord).callOutId)).toContain(answered.callOutId);
  });

  it('callOutList of an order the caller may not read is 404; bad input is 400', async () => {
    const res = await post(t, RECORDS, { orderNum: order.orderNum }, { token: tokens.street1 });
    expect(res.status).toBe(404);
    expect((await post(t, RECORDS, { pageSize: 1000 }, { token: tokens.dispatcher })).status).toBe(
      400,
    );
    const mine = await post<{ totalCount: number }>(t, RECORDS, {}, { token: tokens.agent });
    expect(mine.data.totalCount).toBe(0);
  });

  it("without an order number: the district's readers get every record, a street's leader only their own", async () => {
    const all = await post<{ totalCount: number }>(t, RECORDS, {}, { token: tokens.dispatcher });
    expect(all.data.totalCount).toBeGreaterThan(0);
    const district = await post<{ totalCount: number }>(t, RECORDS, {}, { token: tokens.leader });
    expect(district.data.totalCount).toBe(all.data.totalCount);
    // leader1 leads a street and has made no call: none of the district's records (and so
    // none of their callers' numbers) reach them
    const street = await post<{ totalCount: number; list: unknown[] }>(
      t,
      RECORDS,
      {},
      {
        token: tokens.leader1,
      },
    );
    expect([street.code, street.data.totalCount, street.data.list]).toEqual([200, 0, []]);
  });

  it('the result form requires the handling result', async () => {
    for (const result of ['', '   ']) {
      const res = await post(
        t,
        RESULT,
        { callOutId: answered.callOutId, result },
        { token: tokens.dispatcher },
      );
      expect(res.status).toBe(400);
      expect(res.msg).toBe('please fill in the handling result');
    }
    const zh = await post(
      t,
      RESULT,
      { callOutId: answered.callOutId, result: '' },
      {
        token: tokens.dispatcher,
        lang: 'zh',
      },
    );
    expect(zh.msg).toBe('请填写处理结果');
    const ok = await post<CallRecord>(
      t,
      RESULT,
      { callOutId: answered.callOutId, result: '已联系市民，问题已说明' },
      {
        token: tokens.dispatcher,
      },
    );
    expect(ok.code).toBe(200);
    expect(ok.data.result).toBe('已联系市民，问题已说明');
    const other = await post(
      t,
      RESULT,
      { callOutId: answered.callOutId, result: 'x' },
      { token: tokens.reviewer },
    );
    expect(other.status).toBe(404);
  });
});

describe('the call-window page', () => {
  it('is public, embeddable by our own origin only, with nonce-only scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/addons/call/window' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    // both origin and source are checked before the page reads a message
    expect(res.body).toContain('event.origin !== origin || event.source !== parentWin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
