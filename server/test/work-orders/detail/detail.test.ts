import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@hotline/contract';
import { availableActions } from '@hotline/domain';
import { actorFrom } from '../../../src/modules/work-orders/actor';
import { loadOrderState } from '../../../src/modules/work-orders/order-state';
import type { DemoUsername } from '../../../src/seed/demo-org';
import {
  JSJB,
  allOrders,
  callers,
  list,
  unitIdOf,
  type Caller,
  type LoadedRow,
} from '../reads-fixtures';
import { post } from '../../support/api';
import { createTestApp, type TestApp } from '../../support/test-app';

/** detail, approvals, similar orders and the small reads around one order. */

let t: TestApp;
let orders: LoadedRow[];
let who: Record<DemoUsername, Caller>;
let target: LoadedRow;
let merged: LoadedRow;
let s01: number;
const lockExpires = () => new Date(t.ctx.now().getTime() + 20 * 60_000);

beforeAll(async () => {
  t = await createTestApp({ orders: 300 });
  orders = await allOrders(t.ctx.db);
  who = await callers(t);
  s01 = await unitIdOf(t.ctx.db, 'S01');
  const hosted = orders.filter(
    (o) => o.state.hostUnitId === s01 && o.state.status === 1 && [1, 5, 7].includes(o.state.typeId),
  );
  const a = hosted.find((o) => o.state.mainOrgStatus === 1);
  const b = hosted.find((o) => o !== a);
  if (!a || !b) throw new Error('the demo has too few open orders hosted by S01');
  target = a;
  merged = b;
  const db = t.ctx.db;
  const now = t.ctx.now();
  const street1 = who.street1.auth.userId;
  await db
    .insertInto('order_attachments')
    .values([
      {
        order_id: a.row.id,
        file_name: '现场照片.jpg',
        stored_path: 'x/1',
        mime_type: 'image/jpeg',
        size_bytes: 1234,
        file_auth_type: 1,
        created_by: street1,
        createtime: now,
      },
      {
        order_id: a.row.id,
        file_name: '内部说明.pdf',
        stored_path: 'x/2',
        mime_type: 'application/pdf',
        size_bytes: 99,
        file_auth_type: 2,
        created_by: who.dispatcher.auth.userId,
        createtime: now,
      },
    ])
    .execute();
  await db
    .insertInto('order_requests')
    .values([
      {
        order_id: a.row.id,
        kind: 'exclusion',
        status: 3,
        tichu_type: '重复件',
        reason: '与另一单重复',
        requested_by: street1,
        requested_unit_id: s01,
        decided_by: who.reviewer.auth.userId,
        decision_comment: '不属于重复',
        created_at: new Date(now.getTime() - 7_200_000),
        decided_at: new Date(now.getTime() - 3_600_000),
      },
      {
        order_id: a.row.id,
        kind: 'extension',
        status: 1,
        hours: 48,
        reason: '需协调施工队',
        requested_by: street1,
        requested_unit_id: s01,
        created_at: now,
      },
    ])
    .execute();
  await db
    .insertInto('order_visits')
    .values([
      {
        order_id: a.row.id,
        attempt: 1,
        reached: false,
        remark: '无人接听',
        visitor_id: who.visitor.auth.userId,
        created_at: now,
      },
      {
        order_id: a.row.id,
        attempt: 2,
        reached: true,
        host_contacted: true,
        resolved: false,
        satisfaction: 'basic',
        remark: '',
        visitor_id: who.visitor.auth.userId,
        created_at: now,
      },
    ])
    .execute();
  await db
    .insertInto('order_merges')
    .values({
      order_id: b.row.id,
      into_order_id: a.row.id,
      merged_by: who.dispatcher.auth.userId,
      reason: '同一诉求',
      created_at: now,
    })
    .execute();
  await db
    .updateTable('work_orders')
    .set({ merged_into_id: a.row.id })
    .where('id', '=', b.row.id)
    .execute();
  await db
    .insertInto('order_locks')
    .values({
      order_id: a.row.id,
      user_id: who.dispatcher.auth.userId,
      locked_at: now,
      expires_at: lockExpires(),
    })
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const detail = (name: DemoUsername, id: number) =>
  post<OrderDetail>(t, `${JSJB}/lists/detail`, { id }, { token: who[name].token });

describe('detail', () => {
  it('the dispatcher sees everything, abilities from the domain', async () => {
    const r = await detail('dispatcher', target.row.id);
    expect(r.code, r.msg).toBe(200);
    const d = r.data;
    expect(d.order).toMatchObject({
      id: target.row.id,
      orderNum: target.row.order_num,
      organizerName: '望湖街道',
      status: 1,
      mainOrgStatus: 1,
      lockUserId: who.dispatcher.auth.userId,
      lockUserName: '王晓丽',
      callTime: target.row.call_time.toISOString(),
      createdBy: target.row.created_by,
    });
    expect(d.order.categoryPath.split('->')).toHaveLength(3);
    const events = await t.ctx.db
      .selectFrom('order_events')
      .select(['id', 'action'])
      .where('order_id', '=', target.row.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(d.timeline.map((e) => [e.id, e.action])).toEqual(events.map((e) => [e.id, e.action]));
    expect(d.timeline.length).toBeGreaterThan(1);
    expect(d.timeline.some((e) => e.actorName === '王晓丽' && e.unitName !== null)).toBe(true);
    expect(d.timeline[0]?.to).toMatchObject({ status: expect.any(Number) });
    expect(
      d.attachments.map((f) => [
        f.fileName,
        f.fileAuthType,
        f.url.startsWith('/api/file/download/'),
      ]),
    ).toEqual([
      ['现场照片.jpg', 1, true],
      ['内部说明.pdf', 2, true],
    ]);
    expect(d.requests.map((q) => [q.kind, q.status, q.requesterName, q.hours])).toEqual([
      ['exclusion', 3, '张海燕', null],
      ['extension', 1, '张海燕', 48],
    ]);
    expect(d.visits.map((v) => [v.attempt, v.reached, v.visitorName, v.satisfaction])).toEqual([
      [1, false, '陈淑芬', null],
      [2, true, '陈淑芬', 'basic'],
    ]);
    expect(d.merges).toEqual([
      {
        id: merged.row.id,
        orderNum: merged.row.order_num,
        title: merged.row.title,
        reason: '同一诉求',
        mergedAt: expect.any(String),
      },
    ]);
    expect(d.calls).toEqual([]);
    // similar orders are asked for apart (similarOrder by id), when the console shows them
    expect(d).not.toHaveProperty('similar');
    expect(d.lock).toMatchObject({ userId: who.dispatcher.auth.userId, userName: '王晓丽' });
    const loaded = await loadOrderState(t.ctx.db, target.row.id);
    if (!loaded) throw new Error('target vanished');
    const expected = availableActions(loaded.state, actorFrom(who.dispatcher.auth), t.ctx.now());
    expect(d.abilities).toEqual(expected);
    expect(d.abilities).toContain('unlock');
  });

  it('the host street: public files only, no lock, abilities blocked by the lock', async () => {
    const r = await detail('street1', target.row.id);
    expect(r.code).toBe(200);
    expect(r.data.attachments.map((f) => f.fileName)).toEqual(['现场照片.jpg']);
    expect('lock' in r.data).toBe(false);
    expect('lockUserName' in r.data.order).toBe(false);
    const loaded = await loadOrderState(t.ctx.db, target.row.id);
    if (!loaded) throw new Error('target vanished');
    expect(r.data.abilities).toEqual(
      availableActions(loaded.state, actorFrom(who.street1.auth), t.ctx.now()),
    );
    expect(r.data.abilities).toEqual([]);
  });

  it('missing and out-of-scope ids answer the same 404', async () => {
    const a = await detail('street2', target.row.id);
    const b = await detail('street2', 9_999_999);
    expect([a.status, a.code, a.msg]).toEqual([404, 404, 'no such work order']);
    expect([b.status, b.msg]).toEqual([404, a.msg]);
    const zh = await post(
      t,
      `${JSJB}/detail`,
      { id: 9_999_999 },
      { token: who.street2.token, lang: 'zh' },
    );
    expect([zh.status, zh.msg]).toEqual([404, '工单不存在']);
  });
});

describe('approvals', () => {
  const byId = (a: number, b: number) => a - b;
  const orderIds = (rows: readonly { order_id: number }[]) =>
    [...new Set(rows.map((r) => r.order_id))].sort(byId);

  /** The pending requests in the database: the lists' oracle. */
  const pending = () =>
    t.ctx.db
      .selectFrom('order_requests as r')
      .innerJoin('work_orders as o', 'o.id', 'r.order_id')
      .select(['r.order_id', 'r.kind', 'o.host_unit_id', 'o.co_host_unit_ids', 'o.type_id'])
      .where('r.status', '=', 1)
      .execute();

  it('Approve/showList: orders with a pending request, kind filters, counts with 1000', async () => {
    const rows = await pending();
    // a request on an order of another source (a grid report…) is work to decide too
    expect(rows.some((r) => r.type_id >= 8)).toBe(true);
    const body = { pageSize: 1000, isAmount: 1 };
    const all = await list(t, who.reviewer.token, body, '/Approve/showList');
    expect(all.code, all.msg).toBe(200);
    expect(all.data.totalCount).toBe(orderIds(rows).length);
    expect(all.data.list.map((o) => o.id).sort(byId)).toEqual(orderIds(rows));
    const item = all.data.list.find((o) => o.id === target.row.id) as unknown as {
      id: number;
      request: { kind: string; hours: number; requesterName: string };
    };
    expect([item.id, item.request.kind, item.request.hours, item.request.requesterName]).toEqual([
      target.row.id,
      'extension',
      48,
      '张海燕',
    ]);
    const exclusions = await list(
      t,
      who.reviewer.token,
      { kind: 'exclusion', isAmount: 1 },
      '/Approve/showList',
    );
    expect(exclusions.data.totalCount).toBe(
      orderIds(rows.filter((r) => r.kind === 'exclusion')).length,
    );
    const s02 = await unitIdOf(t.ctx.db, 'S02');
    const of = (unit: number) =>
      orderIds(rows.filter((r) => r.host_unit_id === unit || r.co_host_unit_ids.includes(unit)));
    const host = await list(t, who.street1.token, { isAmount: 1 }, '/Approve/showList');
    const other = await list(t, who.street2.token, { isAmount: 1 }, '/Approve/showList');
    expect([host.data.totalCount, other.data.totalCount]).toEqual([of(s01).length, of(s02).length]);
    expect(of(s01)).toContain(target.row.id);
    expect(of(s02)).not.toContain(target.row.id);
  });

  it('Approve/approvalExtraQuery: the pending extensions with hours, reason, requester', async () => {
    const rows = await pending();
    const r = await post<{ list: Record<string, unknown>[]; totalCount: number }>(
      t,
      `${JSJB}/Approve/approvalExtraQuery`,
      { isAmount: 1 },
      { token: who.reviewer.token },
    );
    expect(r.code).toBe(200);
    expect(r.data.totalCount).toBe(orderIds(rows.filter((x) => x.kind === 'extension')).length);
    expect(r.data.list.find((x) => x.orderId === target.row.id)).toMatchObject({
      orderId: target.row.id,
      orderNum: target.row.order_num,
      kind: 'extension',
      hours: 48,
      reason: '需协调施工队',
      requesterName: '张海燕',
      requestedUnitName: '望湖街道',
      organizerName: '望湖街道',
    });
  });
});

describe('similarOrder', () => {
  it('by title: in scope, above the threshold, best first, at most 10', async () => {
    const r = await post<{ list: { id: number; similarity: number; title: string }[] }>(
      t,
      `${JSJB}/similarOrder`,
      { title: target.row.title },
      { token: who.dispatcher.token },
    );
    expect(r.code).toBe(200);
    expect(r.data.list.length).toBeGreaterThan(0);
    expect(r.data.list.length).toBeLessThanOrEqual(10);
    expect(r.data.list[0]?.similarity).toBeGreaterThan(0.3);
    expect(r.data.list.map((s) => s.id)).toContain(target.row.id);
    const byId = await post<{ list: { id: number; similarity: number }[] }>(
      t,
      `${JSJB}/similarOrder`,
      { id: target.row.id },
      { token: who.dispatcher.token },
    );
    expect(byId.data.list.length).toBeGreaterThan(0);
    expect(byId.data.list.length).toBeLessThanOrEqual(10);
    expect(byId.data.list.map((s) => s.id)).not.toContain(target.row.id);
    // By id the order's own content refines the ranking: the score is the mean of title and
    // content similarity (candidates pass on the title, > 0.3), so it is above half of it.
    expect(byId.data.list.every((s) => s.similarity > 0.15)).toBe(true);
    const sims = byId.data.list.map((s) => s.similarity);
    expect([...sims].sort((x, y) => y - x)).toEqual(sims);
    const none = await post<{ list: unknown[] }>(
      t,
      `${JSJB}/similarOrder`,
      { title: '完全无关的一段文字ZZZ' },
      { token: who.dispatcher.token },
    );
    expect(none.data.list).toEqual([]);
  });
});

describe('small reads', () => {
  it('district/queryResultInfo and town/cityShen', async () => {
    const done = orders.find((o) => o.state.status === 92 && o.state.replyContent);
    if (!done) throw new Error('no closed order with a reply');
    const r = await post<Record<string, unknown>>(
      t,
      `${JSJB}/district/queryResultInfo`,
      { id: done.row.id },
      { token: who.reviewer.token },
    );
    expect(r.data).toMatchObject({
      id: done.row.id,
      replyContent: done.row.reply_content,
      status: 92,
    });
    const c = await post<Record<string, unknown>>(
      t,
      `${JSJB}/town/cityShen`,
      { id: done.row.id },
      { token: who.reviewer.token },
    );
    expect(c.data).toMatchObject({
      id: done.row.id,
      status: 92,
      closedTime: done.row.closed_time?.toISOString() ?? null,
    });
  });

  it('Mtgdy/attributeList', async () => {
    const r = await post<{
      orderNatures: string[];
      labels: string[];
      sevenFiveCategories: string[];
    }>(t, `${JSJB}/Mtgdy/attributeList`, {}, { token: who.dispatcher.token });
    expect(r.data.orderNatures).toContain('complaint');
    expect(r.data.sevenFiveCategories.length).toBeGreaterThan(0);
  });
});
