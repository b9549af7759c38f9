import { sql } from 'kysely';
import type { Db } from '../context';
import { hashPassword } from '../modules/auth/password';
import { seedBase } from './base';
import { seedDemoOrders } from './demo-orders';
import { seedDemoOrg } from './demo-org';

/** The password of every demo account (README). Embedded demo databases only. */
export const DEMO_PASSWORD = 'Demo@12345';

export interface DemoOptions {
  orders: number;
  now: Date;
}

/** Seeds the demo district, its people and its orders into a database that has no users yet. */
export async function seedDemoIfEmpty(db: Db, options: DemoOptions): Promise<boolean> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  const org = await seedDemoOrg(db, await hashPassword(DEMO_PASSWORD));
  await seedDemoOrders(db, org, { count: options.orders, now: options.now });
  await backfillLifecycleColumns(db);
  return true;
}

/** Columns of migration 002 that the demo generator leaves to the database to derive. */
async function backfillLifecycleColumns(db: Db): Promise<void> {
  await sql`UPDATE work_orders w SET co_host_unit_ids = a.ids
              FROM (SELECT order_id, array_agg(unit_id ORDER BY unit_id) AS ids
                      FROM order_assignments WHERE role = 'cohost' AND active GROUP BY order_id) a
             WHERE a.order_id = w.id`.execute(db);
  await sql`UPDATE work_orders SET visit_host_contacted = reply_contacted WHERE visit_contacted`.execute(
    db,
  );
}

export { seedBase };
