import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { get, post, setConfig } from '../support/api';
import { createTestApp, TEST_DB, type TestApp } from '../support/test-app';
import { SEAT_LIST, SEAT_UPDATE, seatsOf, takeSeat } from './calls-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['admin', 'dispatcher', 'agent', 'reviewer', 'visitor', 'street1']) {
    tokens[name] = await t.login(name);
  }
});
afterAll(async () => t?.close());

const holderOf = async (seatNo: number) => {
  const { rows } = await sql<{ username: string | null }>`
    SELECT u.username FROM call_seats s LEFT JOIN users u ON u.id = s.user_id
     WHERE s.seat_no = ${seatNo}`.execute(t.ctx.db);
  return rows[0]?.username ?? null;
};

describe('Callseat/getList and update (spec section 9: 12 seats)', () => {
  it('offers 12 seats to an agent when none is taken', async () => {
    const seats = await seatsOf(t, tokens.agent ?? '');
    expect(seats.total).toBe(12);
    expect(seats.list.map((s) => s.seatNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(seats.list[0]?.name).toBe('坐席01');
    expect(seats.mySeat).toBeNull();
    expect(seats.simulated).toBe(true);
  });

  it('hides a seat taken by a logged-in agent from everyone else', async () => {
    const res = await takeSeat(t, tokens.agent ?? '', 3);
    expect(res.code).toBe(200);
    expect(res.msg).toBe('checked in to seat 3');
    const forDispatcher = await seatsOf(t, tokens.dispatcher ?? '');
    expect(forDispatcher.list.map((s) => s.seatNo)).not.toContain(3);
    expect(forDispatcher.list).toHaveLength(11);
    const forAgent = await seatsOf(t, tokens.agent ?? '');
    expect(forAgent.list).toHaveLength(12);
    expect(forAgent.mySeat).toBe(3);
    expect(forAgent.list.find((s) => s.seatNo === 3)?.mine).toBe(true);
  });

  it('refuses a seat someone else holds (409) and keeps the holder', async () => {
    const res = await takeSeat(t, tokens.dispatcher ?? '', 3);
    expect(res.status).toBe(409);
    expect(res.msg).toBe('seat 3 is taken by another agent');
    expect(await holderOf(3)).toBe('agent');
  });

  it('moving to another seat releases the first', async () => {
    expect((await takeSeat(t, tokens.agent ?? '', 4)).code).toBe(200);
    expect(await holderOf(3)).toBeNull();
    expect(await holderOf(4)).toBe('agent');
  });

  it('releasing: only your own seat', async () => {
    const notMine = await post(
      t,
      SEAT_UPDATE,
      { seatNo: 4, status: 0 },
      { token: tokens.dispatcher },
    );
    expect(notMine.status).toBe(409);
    expect(notMine.msg).toBe('you do not hold seat 4');
    const mine = await post<{ mySeat: null }>(
      t,
      SEAT_UPDATE,
      { seatNo: 4, status: 0 },
      {
        token: tokens.agent,
        lang: 'zh',
      },
    );
    expect(mine.code).toBe(200);
    expect(mine.msg).toBe('已签出坐席 4');
    expect(await holderOf(4)).toBeNull();
  });

  it('offers again a seat whose agent logged out, and lets another agent take it', async () => {
    const agent2 = await t.login('agent');
    expect((await takeSeat(t, agent2, 6)).code).toBe(200);
    expect((await seatsOf(t, tokens.dispatcher ?? '')).list.map((s) => s.seatNo)).not.toContain(6);
    // both sessions of the agent end
    await get(t, '/api/login/logout', { token: agent2 });
    await get(t, '/api/login/logout', { token: tokens.agent });
    expect((await seatsOf(t, tokens.dispatcher ?? '')).list.map((s) => s.seatNo)).toContain(6);
    expect((await takeSeat(t, tokens.dispatcher ?? '', 6)).code).toBe(200);
    expect(await holderOf(6)).toBe('dispatcher');
    tokens.agent = await t.login('agent');
  });

  it('is refused to users without /jsjb/dw#/jsjb/case and when calling is off', async () => {
    for (const name of ['visitor', 'street1']) {
      const res = await post(t, SEAT_LIST, {}, { token: tokens[name] });
      expect(res.status, name).toBe(403);
      expect(res.msg).toBe('you may not make outbound calls');
      // the role is asked before the body: a bad seat number is not a 400 for them
      const bad = await post(
        t,
        '/api/addons/call/Callseat/update',
        { seatNo: 'x' },
        {
          token: tokens[name],
        },
      );
      expect([bad.status, bad.msg], name).toEqual([403, 'you may not make outbound calls']);
    }
    await setConfig(t, tokens.admin ?? '', 'jsjb', 'is_heyi_waihu', '0');
    try {
      const res = await post(t, SEAT_LIST, {}, { token: tokens.dispatcher, lang: 'zh' });
      expect(res.status).toBe(403);
      expect(res.msg).toBe('外呼功能未启用');
      await setConfig(t, tokens.admin ?? '', 'jsjb', 'is_waihu', '1');
      expect((await post(t, SEAT_LIST, {}, { token: tokens.dispatcher })).code).toBe(200);
    } finally {
      await setConfig(t, tokens.admin ?? '', 'jsjb', 'is_waihu', '0');
      await setConfig(t, tokens.admin ?? '', 'jsjb', 'is_heyi_waihu', '1');
    }
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ seatNo: 13, status: 1 }, /^seatNo: /],
      [{ seatNo: 0, status: 1 }, /^seatNo: /],
      [{ seatNo: 'x', status: 1 }, /^seatNo: /],
      [{ seatNo: 2, status: 2 }, /^status: /],
      [{ seatNo: 2 }, /^status: /],
      [null, /^body: /],
    ];
    for (const [body, msg] of cases) {
      const res = await post(t, SEAT_UPDATE, body, { token: tokens.reviewer });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.msg).toMatch(msg);
    }
  });
});

describe(`two agents asking for one seat at once (${TEST_DB})`, () => {
  it('exactly one gets it, every time', async () => {
    const a = tokens.dispatcher ?? '';
    const b = tokens.reviewer ?? '';
    for (const seatNo of [7, 8, 9, 10, 11, 12, 1, 2]) {
      const [ra, rb] = await Promise.all([takeSeat(t, a, seatNo), takeSeat(t, b, seatNo)]);
      const codes = [ra.code, rb.code].sort();
      expect(codes, `seat ${seatNo}`).toEqual([200, 409]);
      const winner = ra.code === 200 ? 'dispatcher' : 'reviewer';
      expect(await holderOf(seatNo)).toBe(winner);
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM call_seats WHERE user_id IS NOT NULL`.execute(t.ctx.db);
      // the winner holds this seat only; the loser keeps at most the seat it had
      expect(rows[0]?.n).toBeLessThanOrEqual(2);
    }
  });

  it('one agent asking for two seats at once ends with one seat', async () => {
    const token = tokens.admin ?? '';
    const results = await Promise.all([3, 4, 5].map((n) => takeSeat(t, token, n)));
    expect(results.some((r) => r.code === 200)).toBe(true);
    const { rows } = await sql<{ seat_no: number }>`
      SELECT seat_no FROM call_seats s JOIN users u ON u.id = s.user_id
       WHERE u.username = 'admin'`.execute(t.ctx.db);
    expect(rows).toHaveLength(1);
  });
});
