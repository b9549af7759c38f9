import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The demo turns the call bar on (web config `is_heyi_waihu` = 1), so a new user of the demo
 * sees the outbound-call bar, which runs on the seat simulator (docs/telephony.md). The
 * production default stays off. `is_waihu` (which also shows the "Outbound calls" menu group)
 * is left to the administrator.
 */
export async function enableDemoCalling(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('config')
    .set({ value: '1', updated_at: new Date() })
    .where('group_name', '=', 'jsjb')
    .where('name', '=', 'is_heyi_waihu')
    .execute();
}
