import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { CLOCK, CLOCK_STATE, MONITOR, takeSeat } from './calls-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
const uids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [
    'admin',
    'dispatcher',
    'visitor',
    'agent',
    'leader',
    'leader1',
    'street1',
    'reviewer',
  ]) {
    tokens[name] = await t.login(name);
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM users WHERE username = ${name}`.execute(t.ctx.db);
    uids[name] = rows[0]?.id ?? 0;
  }
});
afterAll(async () => t?.close());

const clockAs = (name: string, clockType: number, clockStatus: number, lang: 'en' | 'zh' = 'en') =>
  post<{ clockType: number; onDuty: boolean; since: string | null; msg: string }>(
    t,
    CLOCK,
    { uid: uids[name], userName: name, clockStatus, clockType },
    { token: tokens[name], lang },
  );

interface Agent {
  username: string;
  seatNo: number | null;
  duty: { clockType: number; onDuty: boolean }[];
}

describe('huifang/huifangClock (spec sections 3 and 6)', () => {
  it('call-back staff clock on duty as type 1; the returned msg says so', async () => {
    const res = await clockAs('visitor', 1, 1, 'zh');
    expect(res.code).toBe(200);
    expect(res.msg).toBe('签到成功，当前在岗');
    expect(res.data).toMatchObject({ clockType: 1, onDuty: true, msg: '签到成功，当前在岗' });
    const again = await clockAs('visitor', 1, 1);
    expect(again.msg).toBe('you are already on duty');
    const state = await post<{ list: { clockType: number; onDuty: boolean }[] }>(
      t,
      CLOCK_STATE,
      {},
      {
        token: tokens.visitor,
      },
    );
    expect(state.data.list).toEqual([expect.objectContaining({ clockType: 1, onDuty: true })]);
  });

  it('dispatchers (and /jsjb/case holders) clock as type 2', async () => {
    expect((await clockAs('dispatcher', 2, 1)).data.onDuty).toBe(true);
    expect((await clockAs('agent', 2, 1)).data.onDuty).toBe(true);
    const off = await clockAs('agent', 2, 0);
    expect(off.msg).toBe('clocked out: you are off duty');
    expect(off.data.onDuty).toBe(false);
  });

  it('refuses a type the rule strings do not give, and anyone without one', async () => {
    const cases: [string, number][] = [
      ['visitor', 2],
      ['dispatcher', 1],
      ['street1', 1],
      ['street1', 2],
      ['leader', 2],
      ['reviewer', 1],
    ];
    for (const [name, type] of cases) {
      const res = await clockAs(name, type, 1);
      expect(res.status, `${name} ${type}`).toBe(403);
      expect(res.msg).toBe('you may not clock in as this type');
    }
  });

  it('only for yourself', async () => {
    const res = await post(
      t,
      CLOCK,
      { uid: uids.visitor, userName: 'visitor', clockStatus: 1, clockType: 2 },
      {
        token: tokens.dispatcher,
      },
    );
    expect(res.status).toBe(403);
    expect(res.msg).toBe('you can only clock yourself in or out');
  });

  it('every clocking is audited with the session', async () => {
    const { rows } = await sql<{
      clock_status: number;
      clock_type: number;
      session_id: string | null;
    }>`
      SELECT e.clock_status, e.clock_type, e.session_id FROM duty_clock_events e
        JOIN users u ON u.id = e.user_id WHERE u.username = 'agent' ORDER BY e.id`.execute(
      t.ctx.db,
    );
    expect(rows.map((r) => [r.clock_type, r.clock_status])).toEqual([
      [2, 1],
      [2, 0],
    ]);
    expect(rows.every((r) => r.session_id !== null)).toBe(true);
  });

  it('bad input is 400 naming the field', async () => {
    const base = { uid: uids.visitor, userName: 'visitor', clockStatus: 1, clockType: 1 };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ clockStatus: 2 }, /^clockStatus: /],
      [{ clockType: 3 }, /^clockType: /],
      [{ uid: 'abc' }, /^uid: /],
      [{ userName: '' }, /^userName: /],
    ];
    for (const [patch, msg] of cases) {
      const res = await post(t, CLOCK, { ...base, ...patch }, { token: tokens.visitor });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.msg).toMatch(msg);
    }
  });
});

describe('common/interface: the agent monitor', () => {
  it('shows who is on duty and who holds which seat', async () => {
    expect((await takeSeat(t, tokens.agent ?? '', 5)).code).toBe(200);
    const res = await post<{ list: Agent[]; seatsFree: number; seatsTotal: number }>(
      t,
      MONITOR,
      {},
      {
        token: tokens.leader,
      },
    );
    expect(res.code).toBe(200);
    const byName = new Map(res.data.list.map((a) => [a.username, a]));
    expect(byName.get('visitor')?.duty).toEqual([
      expect.objectContaining({ clockType: 1, onDuty: true }),
    ]);
    expect(byName.get('dispatcher')?.duty).toEqual([
      expect.objectContaining({ clockType: 2, onDuty: true }),
    ]);
    expect(byName.get('agent')?.seatNo).toBe(5);
    expect(byName.has('street1')).toBe(false);
    expect(res.data).toMatchObject({ seatsFree: 11, seatsTotal: 12 });
  });

  it("is for district readers, the district's leaders and administrators only", async () => {
    // leader1 leads a street: a leader's rule does not make a street's leader a district reader
    for (const name of ['street1', 'visitor', 'agent', 'leader1']) {
      const res = await post(t, MONITOR, {}, { token: tokens[name] });
      expect(res.status, name).toBe(403);
    }
    expect((await post(t, MONITOR, {}, { token: tokens.admin })).code).toBe(200);
    expect((await post(t, MONITOR, {}, { token: tokens.reviewer })).code).toBe(200);
    expect((await post(t, MONITOR, {}, { token: tokens.leader })).code).toBe(200);
  });
});
