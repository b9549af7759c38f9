import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_IDS, QUEUES } from '@hotline/domain';
import type { DemoUsername } from '../../../src/seed/demo-org';
import {
  JSJB,
  allOrders,
  callers,
  ids,
  list,
  listAll,
  unitIdOf,
  type Caller,
  type LoadedRow,
} from '../reads-fixtures';
import { post } from '../../support/api';
import { createTestApp, type TestApp } from '../../support/test-app';

/** Queues by menu id, the special lists, and the notice list. */

let t: TestApp;
let orders: LoadedRow[];
let who: Record<DemoUsername, Caller>;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 300 });
  orders = await allOrders(t.ctx.db);
  who = await callers(t);
  token = who.dispatcher.token;
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const inDefault = (o: LoadedRow) => DEFAULT_TYPE_IDS.includes(o.state.typeId);
const expectIds = (o: LoadedRow[]) => o.map((r) => r.row.id).sort((a, b) => a - b);

describe('queues and other lists', () => {
  it('menuId: unknown → 400, outside the caller menu → 403', async () => {
    const unknown = await list(t, token, { menuId: 'qu_nope' });
    expect([unknown.status, unknown.msg]).toEqual([400, 'menuId: no queue qu_nope']);
    const street = await list(t, who.street1.token, { menuId: 'qu_dqs' });
    expect([street.status, street.msg]).toEqual([403, 'queue qu_dqs is not in your menu']);
    const district = await list(t, token, { menuId: 'jd_dqs' });
    expect(district.status).toBe(403);
    const visitor = await list(t, who.visitor.token, { menuId: 'hf_dhf', isAmount: 1 });
    expect(visitor.code).toBe(200);
  });

  it('Approve/assignList is the pending-dispatch queue', async () => {
    const a = await listAll(t, token, {}, '/Approve/assignList');
    const b = await listAll(t, token, { menuId: 'qu_dfp' });
    expect(ids(a)).toEqual(ids(b));
    expect(a.length).toBeGreaterThan(0);
    const street = await list(t, who.street1.token, {}, '/Approve/assignList');
    expect(street.status).toBe(403);
  });

  it('District/overOrderListOther: host pending or handling, deadline passed', async () => {
    const now = t.ctx.now().getTime();
    // orders of every source: overdue orders are work to chase (decision 0019)
    const expected = orders.filter(
      (o) =>
        o.state.status === 1 &&
        [0, 1].includes(o.state.mainOrgStatus) &&
        o.state.deadline !== null &&
        o.state.deadline.getTime() < now,
    );
    for (const url of ['/District/overOrderListOther']) {
      expect(ids(await listAll(t, token, {}, url))).toEqual(expectIds(expected));
    }
    const copy = await post<{ list: { id: number }[] }>(
      t,
      '/api/addons/code/code/overOrderListOther',
      { pageSize: 150 },
      { token },
    );
    expect(ids(copy.data.list)).toEqual(expectIds(expected));
  });

  it('District/getOrderListOther: the other sources, for /ddw_button_role only', async () => {
    const rows = await listAll(t, token, {}, '/District/getOrderListOther');
    expect(ids(rows)).toEqual(expectIds(orders.filter((o) => o.state.typeId >= 8)));
    const refused = await list(t, who.reviewer.token, {}, '/District/getOrderListOther');
    expect(refused.status).toBe(400);
  });

  it('notice/list: entries of the caller queues from the trail, newest first', async () => {
    const s01 = await unitIdOf(t.ctx.db, 'S01');
    const target = orders.find(
      (o) =>
        inDefault(o) &&
        o.state.status === 1 &&
        o.state.mainOrgStatus === 0 &&
        o.state.hostUnitId === s01,
    );
    if (!target) throw new Error('no order pending sign at S01');
    await t.ctx.db
      .insertInto('order_events')
      .values({
        order_id: target.row.id,
        action: 'dispatch',
        actor_id: who.dispatcher.auth.userId,
        from_state: JSON.stringify({
          status: 1,
          mainOrgStatus: -1,
          huifangState: 0,
          needReviewStatus: null,
        }),
        to_state: JSON.stringify({
          status: 1,
          mainOrgStatus: 0,
          huifangState: 0,
          needReviewStatus: null,
        }),
        created_at: new Date(t.ctx.now().getTime() - 60_000),
      })
      .execute();
    for (const lang of ['zh', 'en'] as const) {
      const r = await post<{
        list: { msg: string; orderNum: string; assignId: number; menuId: string; time: string }[];
      }>(t, `${JSJB}/notice/list`, {}, { token: who.street1.token, lang });
      expect(r.code).toBe(200);
      const first = r.data.list[0];
      expect(first).toMatchObject({
        msg: lang === 'zh' ? '您有新的待签收工单' : 'order to be signed for',
        orderNum: target.row.order_num,
        assignId: target.row.id,
        menuId: 'jd_dqs',
      });
      const times = r.data.list.map((n) => Date.parse(n.time));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const keys = r.data.list.map((n) => `${n.assignId}:${n.menuId}`);
      expect(new Set(keys).size).toBe(keys.length);
      const week = t.ctx.now().getTime() - 7 * 24 * HOUR;
      expect(times.every((x) => x >= week)).toBe(true);
      expect(r.data.list.every((n) => n.menuId.startsWith('jd_'))).toBe(true);
    }
    const district = await post<{ list: { menuId: string; msg: string }[] }>(
      t,
      `${JSJB}/notice/list`,
      {},
      { token },
    );
    const withNotice = new Map(QUEUES.filter((q) => q.notice).map((q) => [q.id, q.notice?.en]));
    expect(district.data.list.length).toBeGreaterThan(0);
    expect(
      district.data.list.every(
        (n) => n.menuId.startsWith('qu_') && withNotice.get(n.menuId) === n.msg,
      ),
    ).toBe(true);
    const agent = await post<{ list: unknown[] }>(
      t,
      `${JSJB}/notice/list`,
      {},
      { token: who.agent.token },
    );
    expect(agent.data.list).toEqual([]);
  });
});
