import { sql } from 'kysely';
import type { Db } from '../../context';
import { epochMs } from '../../db/epoch-ms';
import { executeArrayRows, rowObjects } from '../../db/prepared';
import { ORDER_COLUMNS, orderColumnValue } from '../work-orders/reads/list.repository';
import type { OrdersWhere } from '../work-orders/reads/queue-sql';
import { sideFacts, type Needs } from './export-facts';
import type { ExportOrder, ExportRow, Names, VisitFact } from './export-types';
import { fieldsOf, type OrderField } from './export-values';

/**
 * The rows of an export, read in keyset-paged chunks (call time, then id, newest first — the
 * lists' default order): every chunk is one short query, so a long export never holds a cursor
 * or the embedded database's single connection for its whole length, and the next chunk is
 * fetched while the current one is written. Side facts (visits, requests, events, files,
 * merges, user names) are loaded per chunk, only when a chosen column needs them.
 */

/**
 * Rows per chunk: up to three chunks are in memory at a time (one written, two read ahead).
 * 1,000 keeps the process flat and small on a million-row job (4,000 swung its RSS by over
 * 100 MB); against 2,000 it also cut CPU per row a little (a chunk's objects die young more
 * often instead of being promoted and collected by the old-space collector).
 */
export const CHUNK_ROWS = 1000;

/** What the chosen columns need read: side facts, order fields, the lock. */
export interface RowNeeds extends Needs {
  /** The order fields to read (with BASE_FIELDS); the others stay undefined on the row. */
  fields: ReadonlySet<string>;
  /** The lock that binds now (a join of order_locks and users). */
  locks: boolean;
}

/** Read for every export: the id (the cursor) and what the row's names are made from. */
const BASE_FIELDS = [
  'id',
  'host_unit_id',
  'community_unit_id',
  'category_id',
  'co_host_unit_ids',
] as const satisfies readonly OrderField[];

export function needsOf(keys: readonly string[]): RowNeeds {
  const has = (...k: string[]) => keys.some((key) => k.includes(key));
  return {
    fields: new Set<string>([...BASE_FIELDS, ...fieldsOf(keys)]),
    locks: has('lockUserName', 'lockExpiresAt', 'isLocked'),
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
    merges: has('mergedCount'),
    mergeTargets: has('mergedIntoNum'),
  };
}

/** Where the next chunk starts: call time in exact microseconds (a Date keeps only ms). */
interface Cursor {
  callTimeUs: number;
  id: number;
}

/** The chunk query's select list for a read: the fields, the lock, the cursor's call time. */
function readPlan(needs: RowNeeds) {
  const fields = ORDER_COLUMNS.filter((c) => needs.fields.has(c));
  const lockColumns = needs.locks ? ['lock_user_id', 'lock_user_name', 'lock_expires_at'] : [];
  return {
    fields,
    locks: needs.locks,
    /** The merge target read beside the row, for the side facts (the row is parsed later). */
    targets: needs.mergeTargets,
    row: rowObjects<ChunkRow>([...fields, ...lockColumns]),
  };
}
type ReadPlan = ReturnType<typeof readPlan>;

async function chunkRows(
  db: Db,
  where: readonly OrdersWhere[],
  after: Cursor | null,
  limit: number,
  now: Date,
  plan: ReadPlan,
) {
  const values = [
    ...plan.fields.map(orderColumnValue),
    ...(plan.locks
      ? [sql.ref('lk.user_id'), sql.ref('lu.realname'), epochMs('lk.expires_at')]
      : []),
  ];
  const base = db.selectFrom('work_orders');
  const joined = plan.locks
    ? base
        .leftJoin('order_locks as lk', (join) =>
          join.onRef('lk.order_id', '=', 'work_orders.id').on('lk.expires_at', '>', now),
        )
        .leftJoin('users as lu', 'lu.id', 'lk.user_id')
    : base;
  // One JSON text per row: JSON.parse makes its values far faster than pg makes a string per
  // field and parses each by type (2.5 → 1.7 CPU-s per 100,000 rows of every field on this
  // thread). json_build_array takes at most 100 arguments (68 with every field). The id and
  // call time (the cursor and the side facts) come apart.
  let q = (joined as typeof base).select([
    'work_orders.id',
    sql<number>`(extract(epoch from work_orders.call_time) * 1000000)::int8`.as('call_time_us'),
    sql<string>`json_build_array(${sql.join(values)})::text`.as('row'),
    ...(plan.targets ? [sql.ref('work_orders.merged_into_id').as('merged_into_id')] : []),
  ]);
  for (const w of where) q = q.where(w);
  if (after) {
    q = q.where((eb) =>
      eb(
        eb.refTuple('work_orders.call_time', 'work_orders.id'),
        '<',
        eb.tuple(
          sql<Date>`timestamptz 'epoch' + ${after.callTimeUs} * interval '1 microsecond'`,
          after.id,
        ),
      ),
    );
  }
  const query = q
    .orderBy('work_orders.call_time', 'desc')
    .orderBy('work_orders.id', 'desc')
    .limit(limit)
    .compile();
  const rows = await executeArrayRows(db, query);
  return {
    ids: rows.map((r) => r[0] as number),
    texts: rows.map((r) => r[2] as string),
    targets: plan.targets
      ? [...new Set(rows.map((r) => r[3] as number | null).filter((id) => id !== null))]
      : [],
    last:
      rows.length > 0
        ? { id: rows.at(-1)![0] as number, callTimeUs: rows.at(-1)![1] as number }
        : null,
  };
}
type RawChunk = Awaited<ReturnType<typeof chunkRows>>;

/**
 * The rows of a chunk, each made from its JSON text when it is written: a chunk read ahead
 * is a thousand strings, not a thousand rows of sixty values each, which lived through the
 * young generation's collections and were copied by each (the main thread's collector was
 * 1.5 s of a 100,000-row export).
 */
export class ExportChunk implements Iterable<ExportRow> {
  constructor(
    private readonly texts: readonly string[],
    private readonly make: (text: string) => ExportRow,
  ) {}

  get length(): number {
    return this.texts.length;
  }

  *[Symbol.iterator](): Iterator<ExportRow> {
    for (const text of this.texts) yield this.make(text);
  }
}

/**
 * One order as read for an export: the row (the fields the columns read; the others are
 * undefined), plus the lock that binds now when a column shows it.
 */
type ChunkRow = ExportOrder & {
  lock_user_id: number | null;
  lock_user_name: string | null;
  lock_expires_at: number | null;
};

async function loadChunk(
  db: Db,
  chunk: RawChunk,
  names: Names,
  needs: RowNeeds,
  plan: ReadPlan,
): Promise<ExportChunk> {
  const facts = await sideFacts(db, chunk.ids, needs, chunk.targets);
  return new ExportChunk(chunk.texts, (text) => {
    const row = plan.row(JSON.parse(text) as unknown[]);
    const id = row.id;
    const req = facts.requests.get(id);
    const coHosts = row.co_host_unit_ids.map((u) => names.unit(u)).filter((n) => n !== null);
    const visits = facts.visits.get(id);
    return {
      // The lock columns stay on the row object; nothing reads them from there.
      row,
      extras: {
        organizerName: names.unit(row.host_unit_id),
        subordinateName: coHosts.length > 0 ? coHosts.join('、') : null,
        communityName: names.unit(row.community_unit_id),
        categoryPath: names.categoryPath(row.category_id),
        lock:
          needs.locks && row.lock_user_id !== null && row.lock_expires_at !== null
            ? {
                userId: row.lock_user_id,
                userName: row.lock_user_name ?? '',
                expiresAt: new Date(row.lock_expires_at),
              }
            : null,
      },
      visits: visits
        ? visits.map((v) => ({
            attempt: v.attempt,
            createdAt: v.created_at,
            reached: v.reached,
            hostContacted: v.host_contacted,
            resolved: v.resolved,
            satisfaction: v.satisfaction,
            remark: v.remark,
            visitorName: v.realname,
          }))
        : NO_VISITS,
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
      mergedIn: facts.merges.get(id) ?? 0,
      mergedIntoNum:
        row.merged_into_id == null ? null : (facts.targetNums.get(row.merged_into_id) ?? null),
    };
  });
}

const NO_VISITS: VisitFact[] = [];

/** Chunks read ahead of the one being written. */
const READ_AHEAD = 2;

interface ChunkRead {
  rows: Promise<ExportChunk | null>;
  next: Cursor | null;
}

/**
 * Every row of the WHERE, chunk by chunk; the next chunks' reads run while the caller writes
 * the current one (`READ_AHEAD` of them: each chunk's query starts when the one before has
 * answered — it needs its cursor — and its side facts as soon as it has its rows, so the
 * writer does not wait on the database when one read is slow).
 */
export async function* exportChunks(
  db: Db,
  where: readonly OrdersWhere[],
  options: { now: Date; needs: RowNeeds; names: Names; chunk?: number },
): AsyncGenerator<ExportChunk> {
  const size = options.chunk ?? CHUNK_ROWS;
  const plan = readPlan(options.needs);
  const read = async (after: Cursor | null): Promise<ChunkRead> => {
    const chunk = await chunkRows(db, where, after, size, options.now, plan);
    const rows = chunk.last
      ? loadChunk(db, chunk, options.names, options.needs, plan)
      : Promise.resolve(null);
    // Observed here so an early stop of the consumer leaves no unhandled rejection.
    rows.catch(() => undefined);
    return { rows, next: chunk.ids.length === size ? chunk.last : null };
  };
  const ahead: Promise<ChunkRead | null>[] = [];
  let tail: Promise<ChunkRead | null> = read(null);
  ahead.push(tail);
  const extend = (): void => {
    while (ahead.length < READ_AHEAD) {
      tail = tail.then((r) => (r?.next ? read(r.next) : null));
      tail.catch(() => undefined);
      ahead.push(tail);
    }
  };
  extend();
  for (;;) {
    const got = await ahead.shift();
    if (!got) return;
    const rows = await got.rows;
    if (got.next) extend();
    if (rows) yield rows;
    if (!got.next) return;
  }
}
