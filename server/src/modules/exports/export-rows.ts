import { sql } from 'kysely';
import type { Db } from '../../context';
import { hydrateOrders, type HydratedOrder } from '../work-orders/list.repository';
import type { OrdersWhere } from '../work-orders/queue-sql';

/**
 * The rows of an export, read in keyset-paged chunks (call time, then id, newest first — the
 * lists' default order): every chunk is one short query, so a long export never holds a cursor
 * or the embedded database's single connection for its whole length, and the next chunk is
 * fetched while the current one is written. Side facts (visits, requests, events, files,
 * merges, user names) are loaded per chunk, only when a chosen column needs them.
 */

export const CHUNK_ROWS = 2000;

export interface VisitFact {
  attempt: number;
  createdAt: Date;
  reached: boolean;
  hostContacted: boolean | null;
  resolved: boolean | null;
  satisfaction: string | null;
  remark: string;
  visitorName: string | null;
}

export interface RequestFacts {
  extensionCount: number;
  extensionHours: number;
  lastExtensionReason: string | null;
  /** The latest exclusion request: 1 pending, 2 approved, 3 rejected. */
  exclusionStatus: number | null;
  exclusionReason: string | null;
}

export interface EventFacts {
  events: number;
  returns: number;
  rejects: number;
  notes: number;
}

export interface ExportRow extends HydratedOrder {
  visits: VisitFact[];
  requests: RequestFacts | undefined;
  events: EventFacts | undefined;
  attachments: number;
  mergedIn: number;
  mergedIntoNum: string | null;
}

/** Which side facts the chosen columns need. */
export interface Needs {
  visits: boolean;
  requests: boolean;
  events: boolean;
  attachments: boolean;
  merges: boolean;
}

export function needsOf(keys: readonly string[]): Needs {
  const has = (...k: string[]) => keys.some((key) => k.includes(key));
  return {
    visits: keys.some((k) => /^visit[123]/.test(k)),
    requests: has(
      'extensionCount',
      'extensionHours',
      'lastExtensionReason',
      'tichuStatus',
      'tichuReason',
    ),
    events: has('returnCount', 'rejectCount', 'noteCount', 'eventCount'),
    attachments: has('attachmentCount'),
    merges: has('mergedCount', 'mergedIntoNum'),
  };
}

interface Cursor {
  callTime: Date;
  id: number;
}

async function chunkIds(
  db: Db,
  where: readonly OrdersWhere[],
  after: Cursor | null,
  limit: number,
): Promise<{ id: number; call_time: Date }[]> {
  let q = db.selectFrom('work_orders').select(['work_orders.id', 'work_orders.call_time']);
  for (const w of where) q = q.where(w);
  if (after) {
    q = q.where((eb) =>
      eb(
        eb.refTuple('work_orders.call_time', 'work_orders.id'),
        '<',
        eb.tuple(after.callTime, after.id),
      ),
    );
  }
  return q
    .orderBy('work_orders.call_time', 'desc')
    .orderBy('work_orders.id', 'desc')
    .limit(limit)
    .execute();
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

async function sideFacts(db: Db, ids: number[], needs: Needs) {
  const none = Promise.resolve([]);
  const [visits, requests, events, files, merges] = await Promise.all([
    needs.visits
      ? db
          .selectFrom('order_visits as v')
          .leftJoin('users as u', 'u.id', 'v.visitor_id')
          .select([
            'v.order_id',
            'v.attempt',
            'v.created_at',
            'v.reached',
            'v.host_contacted',
            'v.resolved',
            'v.satisfaction',
            'v.remark',
            'u.realname',
          ])
          .where('v.order_id', 'in', ids)
          .orderBy('v.order_id')
          .orderBy('v.attempt')
          .orderBy('v.id')
          .execute()
      : none,
    needs.requests
      ? sql<{
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
          FROM order_requests WHERE order_id = ANY(${ids}::int[]) GROUP BY order_id`
          .execute(db)
          .then((r) => r.rows)
      : none,
    needs.events
      ? sql<{ order_id: number; events: number; returns: number; rejects: number; notes: number }>`
          SELECT order_id, count(*)::int AS events,
            count(*) FILTER (WHERE action = 'apply_return')::int AS returns,
            count(*) FILTER (WHERE action = 'reject_reply')::int AS rejects,
            count(*) FILTER (WHERE action = 'add_note')::int AS notes
          FROM order_events WHERE order_id = ANY(${ids}::int[]) GROUP BY order_id`
          .execute(db)
          .then((r) => r.rows)
      : none,
    needs.attachments
      ? sql<{ order_id: number; n: number }>`
          SELECT order_id, count(*)::int AS n FROM order_attachments
          WHERE order_id = ANY(${ids}::int[]) GROUP BY order_id`
          .execute(db)
          .then((r) => r.rows)
      : none,
    needs.merges
      ? sql<{ order_id: number; merged_in: number; into_num: string | null }>`
          SELECT o.id AS order_id,
            (SELECT count(*)::int FROM order_merges m WHERE m.into_order_id = o.id) AS merged_in,
            (SELECT t.order_num FROM work_orders t WHERE t.id = o.merged_into_id) AS into_num
          FROM work_orders o WHERE o.id = ANY(${ids}::int[])`
          .execute(db)
          .then((r) => r.rows)
      : none,
  ]);
  return {
    visits: groupBy(visits),
    requests: new Map(requests.map((r) => [r.order_id, r])),
    events: new Map(events.map((r) => [r.order_id, r])),
    files: new Map(files.map((r) => [r.order_id, r.n])),
    merges: new Map(merges.map((r) => [r.order_id, r])),
  };
}

async function loadChunk(db: Db, ids: number[], now: Date, needs: Needs): Promise<ExportRow[]> {
  const [hydrated, facts] = await Promise.all([
    hydrateOrders(db, ids, now),
    sideFacts(db, ids, needs),
  ]);
  return hydrated.map((h) => {
    const id = h.row.id;
    const req = facts.requests.get(id);
    const ev = facts.events.get(id);
    const merge = facts.merges.get(id);
    return {
      ...h,
      visits: (facts.visits.get(id) ?? []).map((v) => ({
        attempt: v.attempt,
        createdAt: v.created_at,
        reached: v.reached,
        hostContacted: v.host_contacted,
        resolved: v.resolved,
        satisfaction: v.satisfaction,
        remark: v.remark,
        visitorName: v.realname,
      })),
      requests: req
        ? {
            extensionCount: req.ext_count,
            extensionHours: req.ext_hours,
            lastExtensionReason: req.ext_reason,
            exclusionStatus: req.exc_status,
            exclusionReason: req.exc_reason,
          }
        : undefined,
      events: ev,
      attachments: facts.files.get(id) ?? 0,
      mergedIn: merge?.merged_in ?? 0,
      mergedIntoNum: merge?.into_num ?? null,
    };
  });
}

/**
 * Every row of the WHERE, chunk by chunk; the next chunk's read runs while the caller writes
 * the current one. `limit` stops early (a cap the caller checked against the count).
 */
export async function* exportChunks(
  db: Db,
  where: readonly OrdersWhere[],
  options: { now: Date; needs: Needs; chunk?: number },
): AsyncGenerator<ExportRow[]> {
  const size = options.chunk ?? CHUNK_ROWS;
  const fetch = async (after: Cursor | null) => {
    const ids = await chunkIds(db, where, after, size);
    const last = ids[ids.length - 1];
    const rows = ids.length
      ? await loadChunk(
          db,
          ids.map((r) => r.id),
          options.now,
          options.needs,
        )
      : [];
    return {
      rows,
      next: ids.length === size && last ? { callTime: last.call_time, id: last.id } : null,
    };
  };
  let pending = fetch(null);
  for (;;) {
    const { rows, next } = await pending;
    if (next) {
      pending = fetch(next);
      // Observed here so an early stop of the consumer leaves no unhandled rejection.
      pending.catch(() => undefined);
    }
    if (rows.length > 0) yield rows;
    if (!next) return;
  }
}
