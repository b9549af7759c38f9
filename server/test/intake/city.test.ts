import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIntegrationKey,
  hashKey,
  revokeIntegrationKey,
} from '../../src/modules/intake/integration-keys';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { snapshot, type Json } from './intake-fixtures';

/** The city centre's push: POST /api/open/city/orders with X-Api-Key, idempotent on the number. */

const URL = '/api/open/city/orders';
const WATCHED = ['work_orders', 'order_events', 'order_number_counters'];

interface CityData {
  order: {
    id: number;
    orderNum: string;
    districtCaseNum: string;
    typeId: number;
    status: number;
    categoryId: number | null;
    callTime: string;
    refuseDeadline: string;
  };
  duplicate: boolean;
}

let t: TestApp;
let key: string;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  key = (await createIntegrationKey(t.ctx.db, 'city-centre')).key;
});
afterAll(async () => {
  await t?.close();
});

/** A fresh city number per call: 2026 + 8 digits, like the city's own. */
const cityNum = () => `2026${String(90_000_000 + (serial += 1)).padStart(8, '0')}`;

const cityOrder = (overrides: Json = {}): Json => ({
  cityOrderNum: cityNum(),
  title: '道路破损',
  majorContent: '市民反映金桥东路与文华路交叉口东侧路面塌陷，存在安全隐患。',
  callerName: '钱女士',
  callerPhone: '13612345678',
  address: '金桥东路与文华路交叉口',
  categoryCode: 'C010102',
  urgency: 'utility',
  orderNature: 'report',
  callTime: '2026-03-02T08:15:00+08:00',
  ...overrides,
});

/** `apiKey` null sends no X-Api-Key header at all. */
const push = (body: unknown, apiKey: string | null = key, token?: string) =>
  post<CityData>(t, URL, body, {
    lang: 'en',
    token,
    headers: apiKey === null ? {} : { 'x-api-key': apiKey },
  });

describe('authentication by API key', () => {
  it('no key → 401, even for a signed-in user, and nothing written', async () => {
    const before = await snapshot(t, WATCHED);
    const token = await t.login('dispatcher');
    for (const reply of [
      await push(cityOrder(), null),
      await push(cityOrder(), null, token),
      await push(cityOrder(), ''),
    ]) {
      expect([reply.status, reply.code, reply.msg]).toEqual([
        401,
        401,
        'the X-Api-Key header is missing',
      ]);
    }
    expect(await snapshot(t, WATCHED)).toEqual(before);
  });

  it('a wrong key → 401 (checked before the body: a bad body with a bad key is still 401)', async () => {
    for (const body of [cityOrder(), { nonsense: true }]) {
      const reply = await push(body, `${key}x`);
      expect([reply.status, reply.code, reply.msg]).toEqual([
        401,
        401,
        'the API key is unknown or revoked',
      ]);
    }
  });

  it('a revoked key → 401; the key is stored only as its SHA-256', async () => {
    const made = await createIntegrationKey(t.ctx.db, 'old-gateway');
    const row = await t.ctx.db
      .selectFrom('integration_keys')
      .select('key_hash')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashKey(made.key));
    expect(row.key_hash).not.toContain(made.key);
    expect((await push(cityOrder(), made.key)).status).toBe(201);
    expect(await revokeIntegrationKey(t.ctx.db, made.id, new Date())).toBe(true);
    const reply = await push(cityOrder(), made.key);
    expect([reply.status, reply.code]).toEqual([401, 401]);
  });
});

describe('receiving an order', () => {
  it('a new order → 201: typeId 1, unsigned, the city number, an intake event "city"', async () => {
    const body = cityOrder();
    const reply = await push(body);
    expect([reply.status, reply.code, reply.msg]).toEqual([201, 201, 'received']);
    const { order, duplicate } = reply.data;
    expect(duplicate).toBe(false);
    expect(order).toMatchObject({ orderNum: body.cityOrderNum, typeId: 1, status: 0 });
    expect(order.districtCaseNum).toMatch(/^QY\d{12}$/);
    expect(order.callTime).toBe('2026-03-02T00:15:00.000Z');
    const category = await t.ctx.db
      .selectFrom('problem_categories')
      .select('id')
      .where('code', '=', 'C010102')
      .executeTakeFirstOrThrow();
    expect(order.categoryId).toBe(category.id);
    const window = Date.parse(order.refuseDeadline) - Date.now();
    expect(Math.abs(window - 24 * 3_600_000)).toBeLessThan(10_000);

    const city = await t.ctx.db
      .selectFrom('units')
      .select('id')
      .where('kind', '=', 'city')
      .executeTakeFirstOrThrow();
    const events = await t.ctx.db
      .selectFrom('order_events')
      .select(['action', 'actor_id', 'actor_unit_id', 'from_state', 'to_state', 'comment'])
      .where('order_id', '=', order.id)
      .execute();
    expect(events).toEqual([
      {
        action: 'intake',
        actor_id: null,
        actor_unit_id: city.id,
        from_state: null,
        to_state: { status: 0, mainOrgStatus: -1, huifangState: 0, needReviewStatus: null },
        comment: 'city',
      },
    ]);
    const row = await t.ctx.db
      .selectFrom('work_orders')
      .select(['created_by', 'source_ref'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ created_by: null, source_ref: 'integration:city-centre' });
  });

  it('refuseDeadline from the city is kept; times may come as China local time', async () => {
    const reply = await push(
      cityOrder({ callTime: '2026-03-02 08:15:00', refuseDeadline: '2026-03-03 08:15:00' }),
    );
    expect(reply.status).toBe(201);
    expect(reply.data.order.callTime).toBe('2026-03-02T00:15:00.000Z');
    expect(reply.data.order.refuseDeadline).toBe('2026-03-03T00:15:00.000Z');
  });

  it('the same order twice → one order; the second answer is 200 with duplicate: true', async () => {
    const body = cityOrder();
    const first = await push(body);
    const before = await snapshot(t, WATCHED);
    const second = await push({ ...body, title: '另一个标题' });
    expect([second.status, second.code, second.msg]).toEqual([
      200,
      200,
      'this city order was already received',
    ]);
    expect(second.data.duplicate).toBe(true);
    expect(second.data.order.id).toBe(first.data.order.id);
    expect(await snapshot(t, WATCHED)).toEqual(before);
  });

  it('the same order 10 times in parallel → exactly one created, one event', async () => {
    const body = cityOrder();
    const replies = await Promise.all(Array.from({ length: 10 }, () => push(body)));
    expect(replies.map((r) => r.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(replies.map((r) => r.data.order.id)).size).toBe(1);
    const rows = await t.ctx.db
      .selectFrom('work_orders')
      .select('id')
      .where('order_num', '=', body.cityOrderNum as string)
      .execute();
    expect(rows).toHaveLength(1);
    const events = await t.ctx.db
      .selectFrom('order_events')
      .select('id')
      .where('order_id', '=', rows[0]!.id)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('different orders in parallel get distinct case numbers', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => push(cityOrder())));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(replies.map((r) => r.data.order.districtCaseNum)).size).toBe(10);
  });
});

describe('bad input → 400 naming the field, nothing written', () => {
  const cases: [string, string, Json][] = [
    ['cityOrderNum missing', 'cityOrderNum', { cityOrderNum: undefined }],
    ['cityOrderNum with a blank', 'cityOrderNum', { cityOrderNum: '2026 0001' }],
    ['cityOrderNum of 41', 'cityOrderNum', { cityOrderNum: '9'.repeat(41) }],
    ['cityOrderNum in our own series', 'cityOrderNum', { cityOrderNum: 'ZJ202603020001' }],
    ['title missing', 'title', { title: undefined }],
    ['title of 201', 'title', { title: '长'.repeat(201) }],
    ['majorContent of 5001', 'majorContent', { majorContent: '长'.repeat(5001) }],
    ['callerPhone with letters', 'callerPhone', { callerPhone: 'call me' }],
    ['categoryCode unknown', 'categoryCode', { categoryCode: 'C999999' }],
    ['categoryCode with symbols', 'categoryCode', { categoryCode: "C01'--" }],
    ['urgency bad', 'urgency', { urgency: 'asap' }],
    ['orderNature bad', 'orderNature', { orderNature: 'rant' }],
    ['callTime missing', 'callTime', { callTime: undefined }],
    ['callTime not a time', 'callTime', { callTime: 'soon' }],
    ['refuseDeadline not a time', 'refuseDeadline', { refuseDeadline: '2026-13-01 00:00:00' }],
    ['callTime in 1900', 'callTime', { callTime: '1900-01-01 00:00:00' }],
    [
      'callTime tomorrow',
      'callTime',
      { callTime: new Date(Date.now() + 86_400_000).toISOString() },
    ],
    ['refuseDeadline in 2000', 'refuseDeadline', { refuseDeadline: '2000-01-01 00:00:00' }],
    [
      'refuseDeadline before the call',
      'refuseDeadline',
      { callTime: '2026-03-02 08:15:00', refuseDeadline: '2026-03-02 08:00:00' },
    ],
  ];
  it.each(cases)('%s → 400 %s', async (_label, field, overrides) => {
    const before = await snapshot(t, WATCHED);
    const reply = await push(cityOrder(overrides));
    expect([reply.status, reply.code], reply.msg).toEqual([400, 400]);
    expect(reply.msg).toMatch(new RegExp(`^${field}: \\S`));
    expect(await snapshot(t, WATCHED)).toEqual(before);
  });
});
