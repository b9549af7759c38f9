import { sql } from 'kysely';
import type { Actor, StateCodes } from '@hotline/domain';
import type { Db } from '../../context';
import type { NewWorkOrder, WorkOrderRow } from '../../db/schema';
import { rowScope, scopeWhere } from '../work-orders/reads/scope-sql';

/** SQL of intake: reference look-ups, the order and its first events, similar open orders. */

/** A category by id or code; a disabled one is not offered for new orders. */
export async function findCategory(db: Db, by: { id: number } | { code: string }) {
  let query = db.selectFrom('problem_categories').select(['id', 'level', 'disabled']);
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('code', '=', by.code);
  return query.executeTakeFirst();
}

/** A unit's kind and whether it is disabled (a disabled unit is not offered for new orders). */
export async function findUnitRef(
  db: Db,
  id: number,
): Promise<{ kind: string; disabled: boolean } | undefined> {
  return db
    .selectFrom('units')
    .select(['kind', 'disabled'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The city centre's unit, the actor unit of orders it pushes (none in a bare install). */
export async function findCityUnitId(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('units')
    .select('id')
    .where('kind', '=', 'city')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findOrderByNum(db: Db, orderNum: string) {
  return db
    .selectFrom('work_orders')
    .selectAll()
    .where('order_num', '=', orderNum)
    .executeTakeFirst();
}

export async function insertOrder(trx: Db, values: NewWorkOrder): Promise<WorkOrderRow> {
  return trx.insertInto('work_orders').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Insert unless the number exists (a parallel push of the same city order won). */
export async function insertOrderIfNew(
  trx: Db,
  values: NewWorkOrder,
): Promise<WorkOrderRow | undefined> {
  return trx
    .insertInto('work_orders')
    .values(values)
    .onConflict((oc) => oc.column('order_num').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export const stateCodes = (row: WorkOrderRow): StateCodes => ({
  status: row.status,
  mainOrgStatus: row.main_org_status,
  huifangState: row.huifang_state,
  needReviewStatus: row.need_review_status,
});

export async function insertEvent(
  trx: Db,
  event: {
    orderId: number;
    action: 'intake' | 'merge';
    actorId: number | null;
    actorUnitId: number | null;
    from: StateCodes | null;
    to: StateCodes;
    comment: string;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({
      order_id: event.orderId,
      action: event.action,
      actor_id: event.actorId,
      actor_unit_id: event.actorUnitId,
      from_state: event.from ? JSON.stringify(event.from) : null,
      to_state: JSON.stringify(event.to),
      comment: event.comment,
      created_at: event.at,
    })
    .execute();
}

export async function insertMerge(
  trx: Db,
  merge: { orderId: number; intoId: number; by: number; at: Date },
): Promise<void> {
  await trx
    .insertInto('order_merges')
    .values({
      order_id: merge.orderId,
      into_order_id: merge.intoId,
      merged_by: merge.by,
      reason: 'intake',
      created_at: merge.at,
    })
    .execute();
}

export interface SimilarRow {
  id: number;
  order_num: string;
  title: string;
  status: number;
  call_time: Date;
  similarity: number;
}

/**
 * Open orders whose title is trigram-similar (> 0.3) to `title`, best first, within the
 * caller's row scope (the reads module's scope SQL). `%` lets the planner use
 * work_orders_title_trgm_idx; the explicit bound keeps the rule independent of the session's
 * pg_trgm.similarity_threshold. The reads module's `similarOrders` also lists closed history;
 * intake wants only what a new appeal could still be merged into.
 */
export async function findSimilarOpen(
  db: Db,
  actor: Actor,
  title: string,
  options: { excludeId: number; limit: number },
): Promise<SimilarRow[]> {
  const similarity = sql<number>`similarity(work_orders.title, ${title})::float8`;
  return db
    .selectFrom('work_orders')
    .select(['id', 'order_num', 'title', 'status', 'call_time', similarity.as('similarity')])
    .where(sql<boolean>`work_orders.title % ${title}`)
    .where(sql<boolean>`similarity(work_orders.title, ${title}) > 0.3`)
    .where('status', 'in', [0, 1, 11, 12])
    .where('merged_into_id', 'is', null)
    .where('id', '<>', options.excludeId)
    .where(scopeWhere(rowScope(actor)))
    .orderBy(sql`similarity`, 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute();
}
