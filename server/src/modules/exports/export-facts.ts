import { sql } from 'kysely';
import type { Db } from '../../context';
import { epochMs } from '../../db/epoch-ms';
import { executePrepared } from '../../db/prepared';

/** Side facts of one chunk of exported orders, each one query over the chunk's ids. */

/** Which side facts the chosen columns need. */
export interface Needs {
  visits: boolean;
  requests: boolean;
  events: boolean;
  attachments: boolean;
  /** How many orders were merged into each. */
  merges: boolean;
  /** The order number of the order each was merged into. */
  mergeTargets: boolean;
}

/** Ids as one `int8[]` literal. */
const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

const groupBy = <T extends { order_id: number }>(rows: readonly T[]) => {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.order_id);
    if (list) list.push(r);
    else out.set(r.order_id, [r]);
  }
  return out;
};

/**
 * `targets`: the orders the chunk's orders were merged into (their `merged_into_id`, read with
 * the chunk), whose numbers `mergeTargets` needs — most chunks have none, and no query is made.
 */
export async function sideFacts(
  db: Db,
  orderIds: readonly number[],
  needs: Needs,
  targets: readonly number[],
) {
  const none = Promise.resolve([]);
  // One array literal for every query of the chunk (pg would build it per query, per element).
  const ids = idArray(orderIds);
  const [visits, requests, events, files, merges, targetNums] = await Promise.all([
    needs.visits
      ? db
          .selectFrom('order_visits as v')
          .leftJoin('users as u', 'u.id', 'v.visitor_id')
          .select([
            'v.order_id',
            'v.attempt',
            epochMs('v.created_at').$castTo<number>().as('created_at'),
            'v.reached',
            'v.host_contacted',
            'v.resolved',
            'v.satisfaction',
            'v.remark',
            'u.realname',
          ])
          .where(sql<boolean>`v.order_id = ANY(${ids}::int8[])`)
          .orderBy('v.order_id')
          .orderBy('v.attempt')
          .orderBy('v.id')
          .$call((q) => executePrepared(db, q))
      : none,
    needs.requests
      ? executePrepared(
          db,
          sql<{
            order_id: number;
            ext_count: number;
            ext_hours: number;
            ext_reason: string | null;
            exc_status: number | null;
            exc_reason: string | null;
          }>`
          SELECT order_id,
            count(*) FILTER (WHERE kind = 'extension')::int AS ext_count,
            coalesce(sum(hours) FILTER (WHERE kind = 'extension' AND status = 2), 0)::int AS ext_hours,
            (array_agg(reason ORDER BY id DESC) FILTER (WHERE kind = 'extension'))[1] AS ext_reason,
            (array_agg(status ORDER BY id DESC) FILTER (WHERE kind = 'exclusion'))[1] AS exc_status,
            (array_agg(reason ORDER BY id DESC) FILTER (WHERE kind = 'exclusion'))[1] AS exc_reason
          FROM order_requests WHERE order_id = ANY(${ids}::int8[]) GROUP BY order_id`,
        )
      : none,
    needs.events
      ? executePrepared(
          db,
          sql<{
            order_id: number;
            events: number;
            returns: number;
            rejects: number;
            notes: number;
          }>`
          SELECT order_id, count(*)::int AS events,
            count(*) FILTER (WHERE action = 'apply_return')::int AS returns,
            count(*) FILTER (WHERE action = 'reject_reply')::int AS rejects,
            count(*) FILTER (WHERE action = 'add_note')::int AS notes
          FROM order_events WHERE order_id = ANY(${ids}::int8[]) GROUP BY order_id`,
        )
      : none,
    needs.attachments
      ? executePrepared(
          db,
          sql<{ order_id: number; n: number }>`
          SELECT order_id, count(*)::int AS n FROM order_attachments
          WHERE order_id = ANY(${ids}::int8[]) GROUP BY order_id`,
        )
      : none,
    needs.merges
      ? executePrepared(
          db,
          sql<{ order_id: number; merged_in: number }>`
          SELECT into_order_id AS order_id, count(*)::int AS merged_in
          FROM order_merges WHERE into_order_id = ANY(${ids}::int8[]) GROUP BY into_order_id`,
        )
      : none,
    needs.mergeTargets && targets.length > 0
      ? executePrepared(
          db,
          sql<{ id: number; order_num: string }>`
          SELECT id, order_num FROM work_orders WHERE id = ANY(${idArray(targets)}::int8[])`,
        )
      : none,
  ]);
  return {
    visits: groupBy(visits),
    requests: new Map(requests.map((r) => [r.order_id, r])),
    events: new Map(events.map((r) => [r.order_id, r])),
    files: new Map(files.map((r) => [r.order_id, r.n])),
    merges: new Map(merges.map((r) => [r.order_id, r.merged_in])),
    targetNums: new Map(targetNums.map((r) => [r.id, r.order_num])),
  };
}
