import { z } from 'zod';
import { columnPref } from '@hotline/contract';
import type { AppContext } from '../../context';

/**
 * cols/setCols and cols/getCols: a user's list columns (which are shown, their widths), stored
 * per user in user_prefs under 'cols:' + the list's key. The body was validated by the route;
 * a stored value that no longer parses reads as "not set".
 */
export type ColumnPref = z.output<typeof columnPref>;
const stored = z.array(columnPref);

const prefKey = (key: string) => `cols:${key}`;

export async function setCols(
  ctx: AppContext,
  userId: number,
  key: string,
  cols: readonly ColumnPref[],
): Promise<void> {
  const value = JSON.stringify(cols);
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
): Promise<ColumnPref[] | null> {
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
