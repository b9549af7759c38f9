import { sql } from 'kysely';
import type { Db } from '../../context';

/**
 * SQL of the assessment board. Days are China-time calendar days: an instant is shifted by
 * eight hours in UTC (no time-zone database needed — PGlite and PostgreSQL agree).
 */

export interface Range {
  start: Date;
  end: Date;
}

type TimeColumn = 'call_time' | 'reply_time' | 'closed_time';
// `column` is one of three fixed names, never user input.
const dayOf = (column: TimeColumn) =>
  sql.raw(`to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`);

export async function hostUnits(db: Db) {
  return db
    .selectFrom('units')
    .select(['id', 'name', 'kind'])
    .where('kind', 'in', ['street', 'town', 'department'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export interface DispatchRow {
  host_unit_id: number;
  volume: number;
  signed_on_time: number;
  replied: number;
  replied_on_time: number;
  overdue: number;
}

/**
 * Per host unit, over orders dispatched in the range and not excluded: volume, signed within
 * `signHours` of dispatch, replied, replied by the deadline, overdue (replied after the
 * deadline, or not replied with the deadline passed `now`).
 */
export async function dispatchStats(db: Db, range: Range, signHours: number, now: Date) {
  const { rows } = await sql<DispatchRow>`
    SELECT host_unit_id,
      count(*)::int AS volume,
      count(*) FILTER (WHERE host_sign_time IS NOT NULL
        AND host_sign_time <= dispatch_time + make_interval(hours => ${signHours}))::int AS signed_on_time,
      count(*) FILTER (WHERE reply_time IS NOT NULL)::int AS replied,
      count(*) FILTER (WHERE reply_time IS NOT NULL
        AND (deadline IS NULL OR reply_time <= deadline))::int AS replied_on_time,
      count(*) FILTER (WHERE deadline IS NOT NULL
        AND coalesce(reply_time, ${now}::timestamptz) > deadline)::int AS overdue
    FROM work_orders
    WHERE dispatch_time >= ${range.start} AND dispatch_time < ${range.end}
      AND host_unit_id IS NOT NULL AND tichu_type IS NULL
    GROUP BY host_unit_id`.execute(db);
  return rows;
}

export interface EscalationRow {
  /** The unit that held the order when it missed the limit; null: the district. */
  unit_id: number | null;
  level1: number;
  level2: number;
}

/**
 * Escalations fired in the range (deadline_escalations, migration 029), per unit that held the
 * order then: level 1 (a limit missed) and level 2 (the district leader told). Orders excluded
 * from assessment are left out, like every figure of the board. A range scan of the time index.
 */
export async function escalationStats(db: Db, range: Range) {
  const { rows } = await sql<EscalationRow>`
    SELECT e.unit_id,
      count(*) FILTER (WHERE e.level = 1)::int AS level1,
      count(*) FILTER (WHERE e.level = 2)::int AS level2
    FROM deadline_escalations e
    JOIN work_orders o ON o.id = e.order_id
    WHERE e.escalated_at >= ${range.start} AND e.escalated_at < ${range.end}
      AND o.tichu_type IS NULL
    GROUP BY e.unit_id`.execute(db);
  return rows;
}

/** The last return visit of orders visited in the range, with their host unit. */
export async function visitFacts(db: Db, range: Range) {
  return db
    .selectFrom('work_orders')
    .select([
      'host_unit_id',
      'visit_contacted',
      'visit_host_contacted',
      'visit_resolved',
      'visit_result',
      'tichu_type',
    ])
    .where('visit_time', '>=', range.start)
    .where('visit_time', '<', range.end)
    .where('host_unit_id', 'is not', null)
    .execute();
}

/** Orders excluded from assessment that were dispatched or visited in the range. */
export async function excludedOrders(db: Db, range: Range, limit: number) {
  return db
    .selectFrom('work_orders')
    .leftJoin('units as host', 'host.id', 'work_orders.host_unit_id')
    .select([
      'work_orders.id',
      'work_orders.order_num',
      'work_orders.title',
      'work_orders.tichu_type',
      'work_orders.visit_time',
      'host.name as organizer_name',
    ])
    .where('work_orders.tichu_type', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('work_orders.dispatch_time', '>=', range.start),
          eb('work_orders.dispatch_time', '<', range.end),
        ]),
        eb.and([
          eb('work_orders.visit_time', '>=', range.start),
          eb('work_orders.visit_time', '<', range.end),
        ]),
      ]),
    )
    .orderBy('work_orders.id')
    .limit(limit)
    .execute();
}

/** `host_unit_id = unitId` when the board is one unit's (null: the whole district). */
const hostIs = (unitId: number | null, alias = '') =>
  unitId === null ? sql`` : sql`AND ${sql.ref(`${alias}host_unit_id`)} = ${unitId}`;

/** Orders per China-time day of one time column within the range. */
export async function perDay(
  db: Db,
  column: TimeColumn,
  range: Range,
  unitId: number | null = null,
): Promise<Map<string, number>> {
  const { rows } = await sql<{ day: string; n: number }>`
    SELECT ${dayOf(column)} AS day, count(*)::int AS n FROM work_orders
    WHERE ${sql.ref(column)} >= ${range.start} AND ${sql.ref(column)} < ${range.end}
      ${hostIs(unitId)}
    GROUP BY 1`.execute(db);
  return new Map(rows.map((r) => [r.day, r.n]));
}

/** Orders received in the range by top-level problem category. */
export async function byCategory(db: Db, range: Range, unitId: number | null = null) {
  const { rows } = await sql<{ name: string | null; n: number }>`
    SELECT coalesce(c1.name, c2.name, c3.name) AS name, count(*)::int AS n
    FROM work_orders o
    LEFT JOIN problem_categories c3 ON c3.id = o.category_id
    LEFT JOIN problem_categories c2 ON c2.id = c3.parent_id
    LEFT JOIN problem_categories c1 ON c1.id = c2.parent_id
    WHERE o.call_time >= ${range.start} AND o.call_time < ${range.end} ${hostIs(unitId, 'o.')}
    GROUP BY 1 ORDER BY 2 DESC, 1`.execute(db);
  return rows;
}
