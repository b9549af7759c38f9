import { sql } from 'kysely';
import type { Db } from '../../context';

const CST_OFFSET_MS = 8 * 3_600_000;

/** yyyymmdd of `at` in China time, whatever the server's own time zone. */
export function chinaDateCode(at: Date): string {
  return new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

/**
 * Which column a prefix numbers: self-built order numbers, district case numbers, or the order
 * numbers of requests made through Open311 (`WS`, 网上).
 */
const COLUMN = { ZJ: 'order_num', QY: 'district_case_num', WS: 'order_num' } as const;
export type NumberPrefix = keyof typeof COLUMN;

/**
 * The next number of a daily series, e.g. 'ZJ202601050007'. Must run inside the caller's
 * transaction: the counter row stays locked until it commits, so parallel intakes queue up
 * for a moment and never share a number, and a rolled-back intake gives its number back.
 * The first call of a day starts from the highest number already used that day (the demo
 * seed and older data number orders the same way).
 */
export async function nextNumber(trx: Db, prefix: NumberPrefix, at: Date): Promise<string> {
  const day = chinaDateCode(at);
  const head = `${prefix}${day}`;
  const bump = () =>
    trx
      .updateTable('order_number_counters')
      .set((eb) => ({ last: eb('last', '+', 1) }))
      .where('prefix', '=', prefix)
      .where('day', '=', day)
      .returning('last')
      .executeTakeFirst();
  let row = await bump();
  if (!row) {
    // First number of the day: scan once (LIKE plus a pattern is right under any collation,
    // unlike a range), then every later intake only touches the counter row. Two first
    // intakes racing here both insert; the loser waits for the winner and does nothing.
    const column = sql.ref(COLUMN[prefix]);
    await sql`
      INSERT INTO order_number_counters (prefix, day, last)
      SELECT ${prefix}, ${day}, COALESCE(max(substr(${column}, ${head.length + 1})::int), 0)
        FROM work_orders
       WHERE ${column} LIKE ${`${head}%`} AND ${column} ~ ${`^${head}[0-9]{1,9}$`}
      ON CONFLICT (prefix, day) DO NOTHING`.execute(trx);
    row = await bump();
  }
  if (!row) throw new Error(`order number counter ${head} missing after insert`);
  return `${head}${String(row.last).padStart(4, '0')}`;
}
