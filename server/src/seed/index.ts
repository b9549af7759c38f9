import type { Db } from '../context';
import { hashPassword } from '../modules/auth/password';
import { seedBase } from './base';
import { seedDemoOrders } from './demo-orders';
import { seedDemoOrg } from './demo-org';
import { seedDemoPhrases } from './demo-phrases';

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
  await seedDemoPhrases(db, org, options.now);
  return true;
}

export { seedBase };
