import { sql } from 'kysely';
import type { Db } from '../../context';
import { executePrepared } from '../../db/prepared';

/** Side facts of one chunk of exported orders, each one query over the chunk's ids. */

/** Which side facts the chosen columns need. */
export interface Needs {
  visits: boolean;
  requests: boolean;
  events: boolean;
  attachments: boolean;
  merges: boolean;
}

const groupBy = <T extends { order_id: number }>(rows: readonly T[]) => {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.order_id);
    if (list) list.push(r);
    else out.set(r.order_id, [r]);
  }
  return out;
};

function mergeFacts(
  rows: readonly { order_id: number; merged_in: number; into_num: string | null }[],
) {
  const out = new Map<number, { merged_in: number; into_num: string | null }>();
  for (const r of rows) {
    const seen = out.get(r.order_id) ?? { merged_in: 0, into_num: null };
    out.set(r.order_id, {
      merged_in: seen.merged_in + r.merged_in,
      into_num: seen.into_num ?? r.into_num,
    });
  }
  return out;
}

export async function sideFacts(db: Db, orderIds: readonly number[], needs: Needs) {
  const none = Promise.resolve([]);
  // One array literal for every query of the chunk (pg would build it per query, per element).
  const ids = `{${orderIds.join(',')}}`;
  const [visits, requests, events, files, merges] = await Promise.all([
    needs.visits
      ? db
          .selectFrom('order_visits as v')
          .leftJoin('users as u', 'u.id', 'v.visitor_id')
          .select([
            'v.order_id',
            'v.attempt',
            // epoch milliseconds: a float parses far faster than a timestamp text (export-rows.ts)
            sql<number>`floor(extract(epoch from v.created_at) * 1000)::float8`.as('created_at'),
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
      ? // Only orders something was merged into, or that were merged into another: most
        // orders have neither, and a row per order would be read for nothing.
        executePrepared(
          db,
          sql<{ order_id: number; merged_in: number; into_num: string | null }>`
          SELECT into_order_id AS order_id, count(*)::int AS merged_in, NULL AS into_num
          FROM order_merges WHERE into_order_id = ANY(${ids}::int8[]) GROUP BY into_order_id
          UNION ALL
          SELECT o.id, 0, t.order_num
          FROM work_orders o JOIN work_orders t ON t.id = o.merged_into_id
          WHERE o.id = ANY(${ids}::int8[]) AND o.merged_into_id IS NOT NULL`,
        )
      : none,
  ]);
  return {
    visits: groupBy(visits),
    requests: new Map(requests.map((r) => [r.order_id, r])),
    events: new Map(events.map((r) => [r.order_id, r])),
    files: new Map(files.map((r) => [r.order_id, r.n])),
    merges: mergeFacts(merges),
  };
}
