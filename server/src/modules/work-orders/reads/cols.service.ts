import { z } from 'zod';
import { columnPref, tablePref } from '@hotline/contract';
import type { AppContext } from '../../../context';

/**
 * cols/setCols and cols/getCols: a user's list columns (which are shown, their widths) and,
 * optionally, the table look (stripe, border, line height), stored per user in user_prefs
 * under 'cols:' + the list's key. The body was validated by the route; a stored value that no
 * longer parses reads as "not set". Older rows hold the bare column array.
 */
export type ColumnPref = z.output<typeof columnPref>;
export type TablePref = z.output<typeof tablePref>;

export interface StoredCols {
  cols: ColumnPref[];
  table: TablePref | null;
}

const stored = z.union([
  z.array(columnPref).transform((cols) => ({ cols, table: null })),
  z.object({ cols: z.array(columnPref), table: tablePref.nullable() }),
]);

const prefKey = (key: string) => `cols:${key}`;

export async function setCols(
  ctx: AppContext,
  userId: number,
  key: string,
  cols: readonly ColumnPref[],
  table: TablePref | null = null,
): Promise<void> {
  const value = JSON.stringify({ cols, table });
  const now = ctx.now();
  await ctx.db
    .insertInto('user_prefs')
    .values({ user_id: userId, key: prefKey(key), value, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value, updated_at: now }))
    .execute();
}

export async function getCols(
  ctx: AppContext,
  userId: number,
  key: string,
): Promise<StoredCols | null> {
  const row = await ctx.db
    .selectFrom('user_prefs')
    .select('value')
    .where('user_id', '=', userId)
    .where('key', '=', prefKey(key))
    .executeTakeFirst();
  if (!row) return null;
  const parsed = stored.safeParse(row.value);
  return parsed.success ? parsed.data : null;
}
