import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOpen, type OrderState } from '@hotline/domain';
import { createIntegrationKey } from '../../src/modules/intake/integration-keys';
import { post } from '../support/api';
import { fileOpen311Request } from '../support/open311';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The open/closed state Open311's `status` filter reads is the request's copy of its order's
 * (migration 032: a trigger in the order's own transaction). It must follow every way an order
 * opens or closes, and agree with the domain's rule and the state each request shows.
 */

const V2 = '/open311/v2';
const STATUSES = [0, 1, 11, 12, 71, 72, 91, 92];

let t: TestApp;
let key: string;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ orders: 3 });
  key = (await createIntegrationKey(t.ctx.db, 'open-state')).key;
});
afterAll(async () => {
  await t?.close();
});

interface Published {
  service_request_id: string;
  status: string;
}

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${V2}/requests.json?${query}` });
  expect(res.statusCode, query).toBe(200);
  return res.json<Published[]>();
};

const fileRequest = () => fileOpen311Request(t, key, `路灯不亮 #${++serial}`);

const storedState = async (orderId: number) =>
  (
    await t.ctx.db
      .selectFrom('open311_requests')
      .select('is_open')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).is_open;

describe('Open311 open/closed state', () => {
  it("the database's rule is the domain's, for every status, merged or not", async () => {
    for (const status of STATUSES) {
      for (const merged of [null, 1]) {
        const { rows } = await sql<{
          open: boolean;
        }>`SELECT open311_is_open(${status}, ${merged}::bigint) AS open`.execute(t.ctx.db);
        const domain = isOpen({ status, mergedIntoId: merged } as OrderState);
        expect(rows[0]?.open, `status ${status}, merged ${merged}`).toBe(domain);
      }
    }
  });

  it('a merge closes the merged request; a later change of status moves it again', async () => {
    const a = await fileRequest();
    const b = await fileRequest();
    expect([await storedState(a.id), await storedState(b.id)]).toEqual([true, true]);

    const token = await t.login('dispatcher');
    for (const id of [a.id, b.id]) {
      const signed = await post(
        t,
        '/api/addons/jsjb/cy/a5HandleOrderSignInCy',
        { id, signType: 1 },
        { token },
      );
      expect(signed.code).toBe(200);
    }
    const merged = await post(
      t,
      '/api/addons/jsjb/handleGatherAppeal',
      { id: a.id, intoId: b.id },
      { token },
    );
    expect(merged.code, merged.msg).toBe(200);
    expect([await storedState(a.id), await storedState(b.id)]).toEqual([false, true]);

    const open = (await list('status=open')).map((r) => r.service_request_id);
    const closed = await list('status=closed');
    expect(open).toContain(b.num);
    expect(open).not.toContain(a.num);
    expect(closed.map((r) => r.service_request_id)).toContain(a.num);
    // What each request shows agrees with the filter that found it.
    expect(closed.every((r) => r.status === 'closed')).toBe(true);
    expect((await list('status=open')).every((r) => r.status === 'open')).toBe(true);
    const both = await list('status=open,closed');
    expect(both.map((r) => r.service_request_id)).toEqual(expect.arrayContaining([a.num, b.num]));

    // Any write of the order's state keeps the copy (here a raw one, as an operator's repair
    // would be): closed, then open again.
    await t.ctx.db.updateTable('work_orders').set({ status: 92 }).where('id', '=', b.id).execute();
    expect(await storedState(b.id)).toBe(false);
    expect((await list('status=closed')).map((r) => r.service_request_id)).toContain(b.num);
    await t.ctx.db.updateTable('work_orders').set({ status: 1 }).where('id', '=', b.id).execute();
    expect(await storedState(b.id)).toBe(true);
  });

  it('a request written for an order already closed starts closed (bulk loads, repairs)', async () => {
    const { id } = await fileRequest();
    await t.ctx.db.updateTable('work_orders').set({ status: 92 }).where('id', '=', id).execute();
    const row = await t.ctx.db
      .selectFrom('open311_requests')
      .selectAll()
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    await t.ctx.db.deleteFrom('open311_requests').where('order_id', '=', id).execute();
    await t.ctx.db
      .insertInto('open311_requests')
      .values({
        order_id: id,
        integration_id: row.integration_id,
        fingerprint: row.fingerprint,
        service_code: row.service_code,
        attributes: JSON.stringify(row.attributes),
        created_at: row.created_at,
      })
      .execute();
    expect(await storedState(id)).toBe(false);
  });
});
