import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { overdueWindow, startOfDayCst, type Cond, type QueueContext } from '@hotline/domain';

/**
 * The clock-driven queue conditions over queue_clock_tallies (migration 015).
 *
 * - signedToday (system_sign_time ≥ 00:00 China time today) is the 's' buckets — China-time
 *   days of signing — from today on: exact, since the window starts on a bucket boundary.
 * - deadlineWindow ([from, to) of the overdue-warning variant, packages/domain time.ts; every
 *   variant is bounded on both sides) is the 'd' buckets — UTC hours of the deadline of orders
 *   with status 1 and host status 0 or 1 — wholly inside the window, plus the orders of the
 *   two partial hours at its ends counted on work_orders_deadline_open_idx (under an hour of
 *   deadlines each). The 'd' buckets hold only those orders, so a queue is counted so only
 *   when its conditions keep to them: status 1 and host status within 0, 1.
 */
export type ClockKind = 's' | 'd';

const HOUR = 3_600_000;
const isClock = (c: Cond) => c.kind === 'signedToday' || c.kind === 'deadlineWindow';

/** The one top-level clock condition a tally can answer, with the queue's other conditions. */
export function clockOf(conds: readonly Cond[]): { kind: ClockKind; rest: Cond[] } | null {
  const clocks = conds.filter(isClock);
  if (clocks.length !== 1) return null;
  const rest = conds.filter((c) => !isClock(c));
  if (clocks[0]?.kind === 'signedToday') return { kind: 's', rest };
  const within = (field: 'status' | 'mainOrgStatus', allowed: readonly number[]) =>
    rest.some(
      (c) =>
        c.kind === 'in' &&
        c.field === field &&
        c.values.length > 0 &&
        c.values.every((v) => allowed.includes(v)),
    );
  return within('status', [1]) && within('mainOrgStatus', [0, 1]) ? { kind: 'd', rest } : null;
}

export interface ClockRange {
  /** Buckets [from, to) read from the tally (to null: no end). */
  buckets: { from: Date; to: Date | null };
  /** Deadline ranges [from, to) counted on the orders (the window's partial hours). */
  edges: readonly { from: Date; to: Date }[];
}

/** The buckets and edges of a clock condition at the reader's clock. */
export function clockRange(kind: ClockKind, ctx: QueueContext): ClockRange {
  if (kind === 's') {
    return { buckets: { from: startOfDayCst(ctx.now), to: null }, edges: [] };
  }
  const { from, to } = overdueWindow(ctx.overdueMode, ctx.now);
  let first = Math.ceil(from.getTime() / HOUR) * HOUR;
  let last = Math.floor(to.getTime() / HOUR) * HOUR;
  if (first >= last) first = last = to.getTime(); // within one hour: the whole window is an edge
  return {
    buckets: { from: new Date(first), to: new Date(last) },
    // Always two edges, empty or not: one statement text whatever the clock.
    edges: [
      { from, to: new Date(first) },
      { from: new Date(last), to },
    ],
  };
}

/** The bucket condition over queue_clock_tallies. */
export function clockBuckets(kind: ClockKind, range: ClockRange): RawBuilder<SqlBool> {
  const { from, to } = range.buckets;
  const upTo = to === null ? sql`` : sql` AND queue_clock_tallies.bucket < ${to}`;
  return sql<SqlBool>`(queue_clock_tallies.clock = ${sql.lit(kind)} AND queue_clock_tallies.bucket >= ${from}${upTo})`;
}
