import type { Db } from '../../../context';
import { scopeWhere, type RowScope } from './scope-sql';

/**
 * Which of `ids`, read over `shown`, the caller may open (their row scope `scope`): intake
 * shows an agent orders beyond it (`intakeScope`), and only these get a link. When `shown` is
 * the row scope itself every one is, and nothing is asked.
 */
export async function readableIds(
  db: Db,
  scope: RowScope,
  shown: RowScope,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0 || scope.all || shown === scope) return new Set(ids);
  const rows = await db
    .selectFrom('work_orders')
    .select('work_orders.id')
    .where('work_orders.id', 'in', [...ids])
    .where(scopeWhere(scope))
    .execute();
  return new Set(rows.map((r) => r.id));
}
