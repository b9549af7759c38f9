import type { Actor } from '@hotline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/context';
import { authenticate } from '../../src/modules/auth/session.service';
import { actorFrom } from '../../src/modules/work-orders/actor';
import {
  actableOrder,
  findReadableOrder,
  lockOrderForUpdate,
  readableOrder,
  type Caller,
} from '../../src/modules/work-orders/order-access';
import { newOrder, toHostHandling, world, type Who, type World } from '../support/lifecycle';
import { createTestApp } from '../support/test-app';

/**
 * The order-access guard on its own: read, lock and act answer the same for the same caller —
 * the order when the caller may read it, else 404 exactly like a missing order.
 */

let w: World;
/** Hosted by street1's unit (S01), city-sent (no creator). */
let hosted: number;
/** Built by the intake agent by hand, not yet signed. */
let selfBuilt: number;

beforeAll(async () => {
  w = await world(await createTestApp());
  hosted = await toHostHandling(w);
  selfBuilt = await newOrder(w.t);
  await w.t.ctx.db
    .updateTable('work_orders')
    .set({ created_by: w.users.agent })
    .where('id', '=', selfBuilt)
    .execute();
});
afterAll(async () => {
  await w?.t.close();
});

const auth = (who: Who) => authenticate(w.t.ctx, w.tokens[who]);
/** The caller as the domain sees it, with every rule taken away. */
const withoutRoles = async (who: Who): Promise<Actor> => ({
  ...actorFrom(await auth(who)),
  rules: [],
});

const inTrx = <T>(run: (trx: Db) => Promise<T>) => w.t.ctx.db.transaction().execute(run);

/** The three guards for one caller and order: the order id each answered, or its error. */
async function outcomes(caller: Caller, id: number) {
  const settle = (p: Promise<{ state: { id: number } }>) =>
    p.then(
      (o) => o.state.id,
      (e: { code?: number; key?: string }) => `${e.code} ${e.key}`,
    );
  return {
    read: await settle(readableOrder(w.t.ctx.db, caller, id)),
    lock: await settle(inTrx((trx) => lockOrderForUpdate(trx, caller, id))),
    act: await settle(inTrx(async (trx) => (await actableOrder(trx, caller, id)).loaded)),
  };
}

const allowed = (id: number) => ({ read: id, lock: id, act: id });
const NOT_FOUND = '404 order.notFound';
const hidden = { read: NOT_FOUND, lock: NOT_FOUND, act: NOT_FOUND };

describe('order-access guard', () => {
  it("the host unit's handler reads, locks and acts on its order", async () => {
    expect(await outcomes(await auth('street1'), hosted)).toEqual(allowed(hosted));
  });

  it('another unit gets 404, exactly like a missing order', async () => {
    for (const who of ['street2', 'town1', 'dept1', 'visitor'] as const) {
      expect(await outcomes(await auth(who), hosted)).toEqual(hidden);
    }
    expect(await outcomes(await auth('street1'), 9_999_999)).toEqual(hidden);
    expect(await findReadableOrder(w.t.ctx.db, await auth('street2'), hosted)).toBeUndefined();
  });

  it('the intake agent reads its own self-built order, not a city one', async () => {
    expect(await outcomes(await auth('agent'), selfBuilt)).toEqual(allowed(selfBuilt));
    expect(await outcomes(await auth('agent'), hosted)).toEqual(hidden);
    // The order state itself carries the creator: no caller re-attaches it.
    const loaded = await readableOrder(w.t.ctx.db, await auth('agent'), selfBuilt);
    expect(loaded.state.createdBy).toBe(w.users.agent);
    expect((await readableOrder(w.t.ctx.db, await auth('admin'), hosted)).state.createdBy).toBe(
      null,
    );
  });

  it('admins and district readers read every order', async () => {
    for (const who of ['admin', 'dispatcher', 'leader'] as const) {
      expect(await outcomes(await auth(who), hosted)).toEqual(allowed(hosted));
      expect(await outcomes(await auth(who), selfBuilt)).toEqual(allowed(selfBuilt));
    }
  });

  it('a caller without the role gets 404, even in the right unit or as the creator', async () => {
    expect(await outcomes(await withoutRoles('street1'), hosted)).toEqual(hidden);
    expect(await outcomes(await withoutRoles('agent'), selfBuilt)).toEqual(hidden);
  });

  it('an action locks a merge target too; one the caller may not read is undefined', async () => {
    const street1 = await auth('street1');
    const other = await newOrder(w.t);
    const merge = await inTrx((trx) => actableOrder(trx, street1, hosted, other));
    expect(merge.loaded.state.id).toBe(hosted);
    expect(merge.into).toBeUndefined();
    const dispatcher = await auth('dispatcher');
    const both = await inTrx((trx) => actableOrder(trx, dispatcher, other, hosted));
    expect([both.loaded.state.id, both.into?.state.id]).toEqual([other, hosted]);
    await expect(inTrx((trx) => actableOrder(trx, street1, other, hosted))).rejects.toMatchObject({
      code: 404,
      key: 'order.notFound',
    });
  });
});
