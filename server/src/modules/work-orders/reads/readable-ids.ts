import type { Db } from '../../../context';
import { scopeWhere, type RowScope } from './scope-sql';

/**
 * Which of `ids` the caller may open (their row scope): intake shows an agent orders beyond it
 * (`intakeScope`), and only these get a link.
 */
export async function readableIds(
  db: Db,
  scope: RowScope,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0 || scope.all) return new Set(ids);
  const rows = await db
    .selectFrom('work_orders')
    .select('work_orders.id')
    .where('work_orders.id', 'in', [...ids])
    .where(scopeWhere(scope))
    .execute();
  return new Set(rows.map((r) => r.id));
}
