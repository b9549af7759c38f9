import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/context';
import { createTestApp, TEST_DB, type TestApp } from '../../support/test-app';
import { emptiedHours, recounted, tallied } from './counts-recount';

/**
 * The queue tallies move when the writing transaction commits (migration 037: a deferred
 * constraint trigger), not at the order's UPDATE: until then the transaction holds no tally
 * row, so another action moving an order of the same groups does not wait for it.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ orders: 60 });
});
afterAll(async () => {
  await t?.close();
});

/** Two orders of one tally group (same source, states, host, co-hosts): they move the same rows. */
async function twoOfOneGroup(db: Db): Promise<[number, number]> {
  const { rows } = await sql<{ ids: number[] }>`
    SELECT array_agg(id ORDER BY id) AS ids FROM work_orders
     GROUP BY type_id, status, main_org_status, huifang_state, need_review_status,
              reply_rejected, is_key_appeal, dispatcher_id IS NULL, host_unit_id, co_host_unit_ids
    HAVING count(*) >= 2
     ORDER BY count(*) DESC LIMIT 1`.execute(db);
  const ids = rows[0]?.ids ?? [];
  expect(ids.length, 'the demo has two orders of one group').toBeGreaterThanOrEqual(2);
  return [Number(ids[0]), Number(ids[1])];
}

const flipKeyAppeal = (db: Db, id: number) =>
  sql`UPDATE work_orders SET is_key_appeal = NOT is_key_appeal WHERE id = ${id}`.execute(db);

async function expectTalliesExact() {
  const [got, want] = await Promise.all([tallied(t.ctx.db), recounted(t.ctx.db)]);
  expect(got.states).toEqual(want.states);
  expect(got.clocks).toEqual(want.clocks);
  expect(await emptiedHours(t.ctx.db)).toBe(0);
}

describe(`queue tallies move at commit (${TEST_DB})`, () => {
  it('inside the writing transaction the tallies are unmoved; at its commit they move', async () => {
    const [a] = await twoOfOneGroup(t.ctx.db);
    const before = await tallied(t.ctx.db);
    await t.ctx.db.transaction().execute(async (trx) => {
      await flipKeyAppeal(trx, a);
      expect((await tallied(trx)).states, 'not moved before the commit').toEqual(before.states);
    });
    expect((await tallied(t.ctx.db)).states).not.toEqual(before.states);
    await expectTalliesExact();
  });

  it('a rolled-back change moves nothing', async () => {
    const [a] = await twoOfOneGroup(t.ctx.db);
    const before = await tallied(t.ctx.db);
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await flipKeyAppeal(trx, a);
        await flipKeyAppeal(trx, a);
        await flipKeyAppeal(trx, a);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await tallied(t.ctx.db)).toEqual(before);
    await expectTalliesExact();
  });

  it('one order changed three times in one transaction: one net move', async () => {
    const [a] = await twoOfOneGroup(t.ctx.db);
    await t.ctx.db.transaction().execute(async (trx) => {
      await flipKeyAppeal(trx, a);
      await sql`UPDATE work_orders SET main_org_status = main_org_status WHERE id = ${a}`.execute(
        trx,
      );
      await flipKeyAppeal(trx, a);
      await flipKeyAppeal(trx, a);
    });
    await expectTalliesExact();
  });

  it.skipIf(TEST_DB !== 'postgres')(
    'an action on an order of the same groups does not wait for an open one (PostgreSQL)',
    async () => {
      const [a, b] = await twoOfOneGroup(t.ctx.db);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let changed = () => {};
      const hasChanged = new Promise<void>((resolve) => (changed = resolve));
      const first = t.ctx.db.transaction().execute(async (trx) => {
        await flipKeyAppeal(trx, a);
        changed();
        await held;
      });
      await hasChanged;
      try {
        // With the tally moved inside the UPDATE (before 037), this waited for `first` to end
        // and its statement timeout stopped it.
        await t.ctx.db.transaction().execute(async (trx) => {
          await sql`SET LOCAL statement_timeout = '3s'`.execute(trx);
          await flipKeyAppeal(trx, b);
        });
      } finally {
        release();
        await first;
      }
      await expectTalliesExact();
    },
  );
});
