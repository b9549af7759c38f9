import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRead, isOpen } from '@hotline/domain';
import { actorFrom } from '../../../src/modules/work-orders/actor';
import { SIMILAR_WINDOW_DAYS } from '../../../src/modules/work-orders/detail/similar.repository';
import type { DemoUsername } from '../../../src/seed/demo-org';
import {
  JSJB,
  USERS,
  allOrders,
  callers,
  ids,
  inWholeList,
  list,
  listAll,
  unitIdOf,
  type Caller,
  type LoadedRow,
} from '../reads-fixtures';
import { post } from '../../support/api';
import { createTestApp, type TestApp } from '../../support/test-app';

/** Row scope on every read, per demo role (WORKFLOW section 8). */

let t: TestApp;
let orders: LoadedRow[];
let who: Record<DemoUsername, Caller>;
let s01: number;
let s02: number;

beforeAll(async () => {
  t = await createTestApp({ orders: 300 });
  orders = await allOrders(t.ctx.db);
  who = await callers(t);
  s01 = await unitIdOf(t.ctx.db, 'S01');
  s02 = await unitIdOf(t.ctx.db, 'S02');
});
afterAll(async () => {
  await t?.close();
});

const readable = (name: DemoUsername) => {
  const actor = actorFrom(who[name].auth);
  return orders.filter((o) => canRead(actor, o.state));
};

interface DetailData {
  order: { id: number; lockUserName?: string | null };
  abilities: string[];
  lock?: unknown;
}
const detail = (name: DemoUsername, id: number) =>
  post<DetailData>(t, `${JSJB}/lists/detail`, { id }, { token: who[name].token });

describe('lists show exactly the caller scope', () => {
  it.each(USERS)('%s', async (name) => {
    const expected = readable(name)
      .filter((o) => inWholeList(name, o.state.typeId))
      .map((o) => o.row.id);
    for (const url of ['/lists/search', '/town/lists', '/lists/searchEs', '/town/listsEs']) {
      const rows = await listAll(t, who[name].token, {}, url);
      expect(ids(rows), `${name} ${url}`).toEqual(expected);
    }
    if (name === 'agent' || name === 'visitor') expect(expected.length).toBeGreaterThan(0);
  });
});

describe('a street user never sees another street order', () => {
  // Called within similar orders' window, so street2 finds it by its title.
  const foreign = () => {
    const since = t.ctx.now().getTime() - SIMILAR_WINDOW_DAYS * 86_400_000 + 60_000;
    return orders.find(
      (o) =>
        o.state.hostUnitId === s02 &&
        !o.state.coHostUnitIds.includes(s01) &&
        o.row.call_time.getTime() > since,
    );
  };

  it('not in lists, search, order number, similar, detail or counts', async () => {
    const other = foreign();
    if (!other) throw new Error('the demo has no order of S02 alone');
    const { token } = who.street1;
    const byNum = await list(t, token, { orderNum: other.row.order_num, isAmount: 1 });
    expect([byNum.code, byNum.data.totalCount]).toEqual([200, 0]);
    const byText = await listAll(t, token, { keyword: other.row.order_num });
    expect(byText).toEqual([]);
    const byTitle = await listAll(t, token, { keyword: other.row.title });
    expect(byTitle.every((r) => r.id !== other.row.id)).toBe(true);
    // …while street2 finds it the same ways.
    const theirs = await list(t, who.street2.token, { orderNum: other.row.order_num, isAmount: 1 });
    expect(theirs.data.totalCount).toBe(1);

    const missing = await detail('street1', 9_999_999);
    const hidden = await detail('street1', other.row.id);
    expect([hidden.status, hidden.code, hidden.msg, hidden.data]).toEqual([
      404,
      404,
      missing.msg,
      null,
    ]);
    expect(missing.msg).toBe('no such work order');

    const similarById = await post(t, `${JSJB}/similarOrder`, { id: other.row.id }, { token });
    expect([similarById.status, similarById.msg]).toEqual([404, 'no such work order']);
    const similar = await post<{ list: { id: number }[] }>(
      t,
      `${JSJB}/similarOrder`,
      { title: other.row.title },
      { token },
    );
    expect(similar.code).toBe(200);
    const mine = new Set(readable('street1').map((o) => o.row.id));
    expect(similar.data.list.every((s) => mine.has(s.id))).toBe(true);
    const theirSimilar = await post<{ list: { id: number }[] }>(
      t,
      `${JSJB}/similarOrder`,
      { title: other.row.title },
      { token: who.street2.token },
    );
    expect(theirSimilar.data.list.map((s) => s.id)).toContain(other.row.id);

    for (const url of ['/district/queryResultInfo', '/town/cityShen']) {
      const r = await post(t, `${JSJB}${url}`, { id: other.row.id }, { token });
      expect([r.status, r.msg], url).toEqual([404, 'no such work order']);
    }
  });

  it('counts differ between the two streets and each equals its own lists', async () => {
    const a = await post<{ counts: Record<string, number> }>(
      t,
      `${JSJB}/lists/counts`,
      {},
      {
        token: who.street1.token,
      },
    );
    const b = await post<{ counts: Record<string, number> }>(
      t,
      `${JSJB}/lists/counts`,
      {},
      {
        token: who.street2.token,
      },
    );
    expect(Object.keys(a.data.counts).sort()).toEqual(Object.keys(b.data.counts).sort());
    expect(a.data.counts).not.toEqual(b.data.counts);
    const total = await list(t, who.street1.token, { menuId: 'jd_ybj', isAmount: 1 });
    expect(total.data.totalCount).toBe(a.data.counts.jd_ybj);
    const hosted = orders.filter((o) => o.state.hostUnitId === s01 && o.state.mainOrgStatus === 72);
    // A host queue counts every source (decision 0019).
    expect(a.data.counts.jd_ybj).toBe(hosted.length);
    expect(hosted.some((o) => o.state.typeId >= 8)).toBe(true);
  });

  it('detail of its own order works', async () => {
    const own = readable('street1')[0];
    if (!own) throw new Error('street1 reads nothing');
    const r = await detail('street1', own.row.id);
    expect([r.code, r.data.order.id]).toEqual([200, own.row.id]);
  });
});

describe('roles', () => {
  it('the leader reads everything; closed orders give no abilities, open ones supervision only', async () => {
    expect(readable('leader').length).toBe(orders.length);
    const closed = orders.find((o) => o.state.status === 92);
    const open = orders.find((o) => isOpen(o.state));
    if (!closed || !open) throw new Error('demo lacks a closed or an open order');
    const a = await detail('leader', closed.row.id);
    expect([a.code, a.data.abilities]).toEqual([200, []]);
    const b = await detail('leader', open.row.id);
    expect(b.code).toBe(200);
    // The domain lets leaders supervise (WORKFLOW section 8); nothing else.
    expect(b.data.abilities.filter((x) => x !== 'supervise' && x !== 'lock')).toEqual([]);
  });

  it('the visitor sees only orders due for a visit or visited', async () => {
    const rows = await listAll(t, who.visitor.token, { typeId: '1,5,7' });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => (r.status === 91 || r.status === 92) && r.huifangState !== 0)).toBe(
      true,
    );
    const notDue = orders.find((o) => o.state.status === 1);
    if (!notDue) throw new Error('no in-process order');
    expect((await detail('visitor', notDue.row.id)).status).toBe(404);
  });

  it('the agent sees only the orders it created', async () => {
    const rows = await listAll(t, who.agent.token, {});
    expect(rows.length).toBeGreaterThan(0);
    const agentId = who.agent.auth.userId;
    const created = new Set(
      orders.filter((o) => o.row.created_by === agentId).map((o) => o.row.id),
    );
    expect(rows.every((r) => created.has(r.id))).toBe(true);
    const other = orders.find((o) => o.row.created_by !== agentId);
    if (!other) throw new Error('every order is the agent own');
    expect((await detail('agent', other.row.id)).status).toBe(404);
  });

  it('street and town users get no lock fields; department and district users do', async () => {
    const hasLockKeys = async (name: DemoUsername) => {
      const r = await list(t, who[name].token, { pageSize: 10 });
      expect(r.data.list.length, name).toBeGreaterThan(0);
      return r.data.list.every((o) => 'lockUserName' in o && 'lockUserId' in o);
    };
    expect(await hasLockKeys('street1')).toBe(false);
    expect(await hasLockKeys('town1')).toBe(false);
    expect(await hasLockKeys('dept1')).toBe(true);
    expect(await hasLockKeys('dispatcher')).toBe(true);
    const own = readable('street1')[0];
    if (!own) throw new Error('street1 reads nothing');
    const d = await detail('street1', own.row.id);
    expect('lock' in d.data).toBe(false);
    expect('lockUserName' in d.data.order).toBe(false);
  });
});

describe("a street's leader", () => {
  it("reads its street's orders only (hosted or co-hosted), not the district's", async () => {
    const mine = readable('leader1');
    expect(mine.length).toBeGreaterThan(0);
    expect(
      mine.every((o) => o.state.hostUnitId === s01 || o.state.coHostUnitIds.includes(s01)),
    ).toBe(true);
    const elsewhere = orders.find(
      (o) => o.state.hostUnitId === s02 && !o.state.coHostUnitIds.includes(s01),
    );
    expect(elsewhere).toBeDefined();
    expect((await detail('leader1', elsewhere!.row.id)).code).toBe(404);
    const rows = await listAll(t, who.leader1.token, {});
    expect(rows.length).toBe(mine.length);
  });
});
