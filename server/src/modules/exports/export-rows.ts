import type { Db } from '../../context';
import { ORDER_COLUMNS, type HydratedOrder } from '../work-orders/list.repository';
import type { OrdersWhere } from '../work-orders/queue-sql';
import { sideFacts } from './export-facts';

/**
 * The rows of an export, read in keyset-paged chunks (call time, then id, newest first — the
 * lists' default order): every chunk is one short query, so a long export never holds a cursor
 * or the embedded database's single connection for its whole length, and the next chunk is
 * fetched while the current one is written. Side facts (visits, requests, events, files,
 * merges, user names) are loaded per chunk, only when a chosen column needs them.
 */

export const CHUNK_ROWS = 4000;

/**
 * Names come from small lookup tables read once per export (units, categories), not from joins
 * per row: one chunk is one indexed range read of work_orders plus its lock.
 */
export interface Names {
  unit(id: number | null): string | null;
  categoryPath(id: number | null): string | null;
}

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

async function chunkRows(
  db: Db,
  where: readonly OrdersWhere[],
  after: Cursor | null,
  limit: number,
  now: Date,
) {
  let q = db
    .selectFrom('work_orders')
    .leftJoin('order_locks as lk', (join) =>
      join.onRef('lk.order_id', '=', 'work_orders.id').on('lk.expires_at', '>', now),
    )
    .leftJoin('users as lu', 'lu.id', 'lk.user_id')
    .select(ORDER_COLUMNS.map((c) => `work_orders.${c}` as const))
    .select([
      'lk.user_id as lock_user_id',
      'lu.realname as lock_user_name',
      'lk.expires_at as lock_expires_at',
    ]);
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

async function loadChunk(
  db: Db,
  chunk: Awaited<ReturnType<typeof chunkRows>>,
  names: Names,
  needs: Needs,
): Promise<ExportRow[]> {
  const facts = await sideFacts(
    db,
    chunk.map((r) => r.id),
    needs,
  );
  return chunk.map((r) => {
    const { lock_user_id, lock_user_name, lock_expires_at, ...row } = r;
    const id = row.id;
    const req = facts.requests.get(id);
    const merge = facts.merges.get(id);
    const coHosts = row.co_host_unit_ids.map((u) => names.unit(u)).filter((n) => n !== null);
    return {
      row,
      extras: {
        organizerName: names.unit(row.host_unit_id),
        subordinateName: coHosts.length > 0 ? coHosts.join('、') : null,
        communityName: names.unit(row.community_unit_id),
        categoryPath: names.categoryPath(row.category_id),
        lock:
          lock_user_id !== null && lock_expires_at !== null
            ? { userId: lock_user_id, userName: lock_user_name ?? '', expiresAt: lock_expires_at }
            : null,
      },
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
      events: facts.events.get(id),
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
  options: { now: Date; needs: Needs; names: Names; chunk?: number },
): AsyncGenerator<ExportRow[]> {
  const size = options.chunk ?? CHUNK_ROWS;
  const fetch = async (after: Cursor | null) => {
    const chunk = await chunkRows(db, where, after, size, options.now);
    const last = chunk[chunk.length - 1];
    const rows = chunk.length ? await loadChunk(db, chunk, options.names, options.needs) : [];
    return {
      rows,
      next: chunk.length === size && last ? { callTime: last.call_time, id: last.id } : null,
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
