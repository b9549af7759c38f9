import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationKey } from '../../src/modules/intake/integration-keys';
import { post, type Reply } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { snapshot, validIntake, type Json } from './intake-fixtures';

/**
 * Idempotency-Key on the create endpoints (issue 19): a retry of the same request by the same
 * caller within 24 h answers the first answer and creates nothing; external numbers are one
 * whatever their case.
 */

const INSERT = '/api/addons/jsjb/redaction/insert';
const CITY = '/api/open/city/orders';
const WATCHED = ['work_orders', 'order_events', 'order_number_counters'];

let t: TestApp;
let dispatcher: string;
let agent: string;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.login('dispatcher');
  agent = await t.login('agent');
  apiKey = (await createIntegrationKey(t.ctx.db, 'city-centre')).key;
});
afterAll(async () => {
  await t?.close();
});

const create = (body: Json, key: string | null, token = dispatcher) =>
  post<{ order: { id: number } }>(t, INSERT, body, {
    token,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const orderCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const same = (a: Reply<unknown>, b: Reply<unknown>) =>
  expect([b.status, b.code, b.msg, b.data]).toEqual([a.status, a.code, a.msg, a.data]);

describe('Idempotency-Key on redaction/insert', () => {
  it('three identical requests at once make one order; every answer is the first', async () => {
    const body = await validIntake(t, { title: '幂等测试：同时提交三次' });
    const before = await orderCount();
    const replies = await Promise.all([1, 2, 3].map(() => create(body, 'form-7f3a-0001')));
    expect(await orderCount()).toBe(before + 1);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    same(replies[0]!, replies[1]!);
    same(replies[0]!, replies[2]!);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
  });

  it('a retry later gets the same answer and writes nothing', async () => {
    const body = await validIntake(t, { title: '幂等测试：重试' });
    const first = await create(body, 'form-7f3a-0002');
    expect(first.status).toBe(200);
    const before = await snapshot(t, WATCHED);
    const retry = await create(body, 'form-7f3a-0002');
    same(first, retry);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await snapshot(t, WATCHED)).toEqual(before);
  });

  it('the same key with another body → 422, nothing written', async () => {
    const body = await validIntake(t, { title: '幂等测试：原请求' });
    expect((await create(body, 'form-7f3a-0003')).status).toBe(200);
    const before = await snapshot(t, WATCHED);
    const other = await create({ ...body, title: '幂等测试：另一请求' }, 'form-7f3a-0003');
    expect([other.status, other.msg]).toEqual([
      422,
      'this Idempotency-Key was used for another request (other content or endpoint): use a new key',
    ]);
    expect(await snapshot(t, WATCHED)).toEqual(before);
  });

  it('keys are per user, without a key nothing is deduplicated, and after 24 h a key is free', async () => {
    const body = await validIntake(t, { title: '幂等测试：按用户' });
    const before = await orderCount();
    const first = await create(body, 'shared-key-0004');
    const theirs = await create(body, 'shared-key-0004', agent);
    expect([theirs.status, theirs.headers['idempotent-replayed']], theirs.msg).toEqual([
      200,
      undefined,
    ]);
    expect(await orderCount()).toBe(before + 2);
    await create(body, null);
    await create(body, null);
    expect(await orderCount()).toBe(before + 4);
    t.advance(24 * 3600_000 + 1000);
    dispatcher = await t.login('dispatcher');
    agent = await t.login('agent');
    const again = await create({ ...body, title: '幂等测试：一天以后' }, 'shared-key-0004');
    expect([again.status, again.headers['idempotent-replayed']], again.msg).toEqual([
      200,
      undefined,
    ]);
    expect(again.data.order.id).not.toBe(first.data.order.id);
  });

  it('a malformed key → 400', async () => {
    const body = await validIntake(t);
    for (const key of ['has space', 'x'.repeat(201), '中文键']) {
      const reply = await create(body, key);
      expect([reply.status, reply.msg], key).toEqual([
        400,
        'Idempotency-Key must be 1 to 200 visible ASCII characters',
      ]);
    }
  });

  it('a refused request (4xx) is replayed as refused, and creates nothing on retry either', async () => {
    const body = await validIntake(t, { categoryId: 999_999 });
    const first = await create(body, 'form-7f3a-0006');
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(first.status).toBeLessThan(500);
    const retry = await create(body, 'form-7f3a-0006');
    same(first, retry);
  });
});

describe('city pushes', () => {
  const city = (cityOrderNum: string, key?: string) =>
    post<{ order: { id: number; orderNum: string }; duplicate: boolean }>(
      t,
      CITY,
      {
        cityOrderNum,
        title: '道路破损',
        majorContent: '市民反映路面塌陷，存在安全隐患。',
        callTime: '2026-03-02T08:15:00+08:00',
      },
      { headers: { 'x-api-key': apiKey, ...(key ? { 'idempotency-key': key } : {}) } },
    );

  it('a city number is one order whatever its case', async () => {
    const first = await city('City-Case-0001');
    expect([first.status, first.data.order.orderNum]).toEqual([201, 'CITY-CASE-0001']);
    const lower = await city('city-case-0001');
    expect([lower.status, lower.data.duplicate, lower.data.order.id]).toEqual([
      200,
      true,
      first.data.order.id,
    ]);
  });

  it('an integration key is its own caller for Idempotency-Key', async () => {
    const first = await city('CITY-IDEM-0002', 'push-0002');
    const retry = await city('CITY-IDEM-0002', 'push-0002');
    expect(first.status).toBe(201);
    // The replay is the first answer itself (201 duplicate:false), not a second push's 200.
    same(first, retry);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });
});

describe('endpoints whose answer holds a secret', () => {
  it('user creation: a retry creates nobody and answers 409 without the one-time password', async () => {
    const admin = await t.login('admin');
    const unit = await t.ctx.db
      .selectFrom('units')
      .select('id')
      .where('kind', '=', 'street')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const body = { username: 'idem_user', realname: '幂等用户', unitId: unit.id };
    const send = () =>
      post<{ oneTimePassword?: string }>(t, '/api/admin/user/create', body, {
        token: admin,
        headers: { 'idempotency-key': 'create-user-0001' },
      });
    const first = await send();
    expect(first.status, first.msg).toBe(200);
    expect(first.data.oneTimePassword).toBeTruthy();
    const retry = await send();
    expect([retry.status, retry.msg, retry.data]).toEqual([
      409,
      'this request was already carried out (same Idempotency-Key); its answer held a one-time secret and is not shown again',
      null,
    ]);
    const stored = await t.ctx.db
      .selectFrom('idempotency_keys')
      .select('response')
      .where('key', '=', 'create-user-0001')
      .executeTakeFirstOrThrow();
    expect(stored.response).not.toContain(first.data.oneTimePassword!);
    const users = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'idem_user')
      .execute();
    expect(users).toHaveLength(1);
  });
});

describe('Idempotency-Key on the work-order actions', () => {
  it('a supervision sent twice with one key (a double click) is done once; without a key twice', async () => {
    const order = await t.ctx.db
      .selectFrom('work_orders')
      .select('id')
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const leader = await t.login('leader');
    const supervise = (key: string | null) =>
      post(
        t,
        '/api/addons/jsjb/Cy/supervision',
        { id: order.id, comment: '请尽快办理' },
        {
          token: leader,
          ...(key ? { headers: { 'idempotency-key': key } } : {}),
        },
      );
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('order_events')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('order_id', '=', order.id)
            .where('action', '=', 'supervise')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const replies = await Promise.all([supervise('act-1'), supervise('act-1')]);
    expect(replies.map((r) => r.code)).toEqual([200, 200]);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(await count()).toBe(before + 1);
    await supervise(null);
    await supervise(null);
    expect(await count()).toBe(before + 3);
  });
});
