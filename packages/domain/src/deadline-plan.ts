/**
 * Reminders before a limit and escalation after it (issue 21), as a pure plan: which jobs an
 * order should have given its state. The server keeps the due-job table equal to the plan in
 * the transaction of every action that sets or clears a deadline, and checks a job against
 * the plan again when it fires (a stale job is closed without a notice).
 *
 * Limits: the sign limit (`refuseDeadline`, while the holder has not signed — the district at
 * status 0, the host unit at host status 0) and the handling limit (`deadline`, while the host
 * unit works on the order: status 1, host status 0 or 1).
 */
import type { OrderState } from './lifecycle/types';

const HOUR = 3_600_000;

export const DEADLINE_LIMITS = ['sign', 'handling'] as const;
export type DeadlineLimit = (typeof DEADLINE_LIMITS)[number];
export type DeadlineJobKind = 'reminder' | 'escalation';

export interface ReminderSettings {
  /** Hours before the sign limit a reminder goes out (default 2). */
  signOffsetsHours: readonly number[];
  /** Hours before the handling limit (default 24 and 4). */
  handlingOffsetsHours: readonly number[];
  /** Hours after the handling limit the second level escalates (default 24). */
  secondLevelHours: number;
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  signOffsetsHours: [2],
  handlingOffsetsHours: [24, 4],
  secondLevelHours: 24,
};

export interface PlannedJob {
  kind: DeadlineJobKind;
  limit: DeadlineLimit;
  /** Unique per order and kind: `sign:-2h`, `handling:-24h`, `handling:L1`, `handling:L2`. */
  offsetKey: string;
  /** Escalation level (1, 2); 0 for reminders. */
  level: number;
  dueAt: Date;
}

type PlanOrder = Pick<
  OrderState,
  'status' | 'mainOrgStatus' | 'mergedIntoId' | 'refuseDeadline' | 'deadline' | 'dispatchTime'
>;

/** Who holds the order for a limit: the district (dispatchers) or the host unit. */
export function signLimitHolder(o: PlanOrder): 'district' | 'host' | null {
  if (o.mergedIntoId !== null || !o.refuseDeadline) return null;
  if (o.status === 0) return 'district';
  if (o.status === 1 && o.mainOrgStatus === 0) return 'host';
  return null;
}

export function handlingLimitOpen(o: PlanOrder): boolean {
  return (
    o.mergedIntoId === null &&
    o.deadline !== null &&
    o.status === 1 &&
    (o.mainOrgStatus === 0 || o.mainOrgStatus === 1)
  );
}

/** Offsets: whole or fractional hours above 0, each once, largest first. */
export function parseOffsets(text: string | undefined, fallback: readonly number[]): number[] {
  if (text === undefined || text.trim() === '') return [...fallback];
  const out = new Set<number>();
  for (const part of text.split(/[,，\s]+/)) {
    const n = Number(part);
    if (part !== '' && Number.isFinite(n) && n > 0 && n <= 8760) out.add(n);
  }
  return [...out].sort((a, b) => b - a);
}

const offsetLabel = (hours: number) => `-${hours}h`;

/**
 * The jobs an order should have. A reminder whose time is already past when the limit was set
 * (`since`: the dispatch, or for the sign limit of a new order its call) is left out — a 2-hour
 * emergency needs no "24 hours left".
 */
export function deadlinePlan(
  o: PlanOrder,
  settings: ReminderSettings,
  since: Date | null,
): PlannedJob[] {
  const jobs: PlannedJob[] = [];
  const from = since?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (signLimitHolder(o) && o.refuseDeadline) {
    const limit = o.refuseDeadline.getTime();
    for (const h of settings.signOffsetsHours) {
      const due = limit - h * HOUR;
      if (due > from) {
        jobs.push({
          kind: 'reminder',
          limit: 'sign',
          offsetKey: `sign:${offsetLabel(h)}`,
          level: 0,
          dueAt: new Date(due),
        });
      }
    }
    jobs.push({
      kind: 'escalation',
      limit: 'sign',
      offsetKey: 'sign:L1',
      level: 1,
      dueAt: new Date(limit),
    });
  }
  if (handlingLimitOpen(o) && o.deadline) {
    const limit = o.deadline.getTime();
    for (const h of settings.handlingOffsetsHours) {
      const due = limit - h * HOUR;
      if (due > from) {
        jobs.push({
          kind: 'reminder',
          limit: 'handling',
          offsetKey: `handling:${offsetLabel(h)}`,
          level: 0,
          dueAt: new Date(due),
        });
      }
    }
    jobs.push({
      kind: 'escalation',
      limit: 'handling',
      offsetKey: 'handling:L1',
      level: 1,
      dueAt: new Date(limit),
    });
    jobs.push({
      kind: 'escalation',
      limit: 'handling',
      offsetKey: 'handling:L2',
      level: 2,
      dueAt: new Date(limit + settings.secondLevelHours * HOUR),
    });
  }
  return jobs;
}

/** The state of an open order's next deadline, for lists and detail. */
export const DEADLINE_STATES = ['onTime', 'dueSoon', 'overdue', 'escalated'] as const;
export type DeadlineState = (typeof DEADLINE_STATES)[number];

/** Share of the time between setting a limit and the limit that counts as "due soon" when no reminder is planned. */
export const DUE_SOON_SHARE = 0.25;

/**
 * When a limit becomes "due soon": at its first planned reminder — the largest offset that
 * was still ahead when the limit was set (`since`), as `deadlinePlan` plans them — so "due
 * soon" starts exactly when the holder is first told. A limit with no reminder planned (none
 * configured, or every offset longer than the whole limit, as for a 2-hour emergency) is due
 * soon for the last quarter of its time; without `since` it is never due soon before it is
 * overdue.
 */
export function dueSoonFrom(
  limit: Date,
  offsetsHours: readonly number[],
  since: Date | null,
): Date {
  const at = limit.getTime();
  const from = since?.getTime() ?? Number.NEGATIVE_INFINITY;
  const planned = offsetsHours.filter((h) => h > 0 && at - h * HOUR > from);
  if (planned.length > 0) return new Date(at - Math.max(...planned) * HOUR);
  if (since === null) return limit;
  const span = Math.max(0, at - from);
  return new Date(at - Math.floor(span * DUE_SOON_SHARE));
}

export interface NextDeadline {
  limit: DeadlineLimit;
  /** The limit itself. */
  at: Date;
  /** From when it counts as due soon (`dueSoonFrom`). */
  dueSoonAt: Date;
  state: DeadlineState;
}

/**
 * An open order's next deadline — the earlier of its open limits (the sign limit while the
 * holder has not signed, the handling limit while the host works on it) — and its state at
 * `now`: overdue once the limit has passed, escalated when it has passed and the order has been
 * escalated; due soon from `dueSoonFrom`; else on time. Null when no limit is open (replied,
 * closed, returned, merged): such orders show no state. An escalation stays on the order as a
 * fact (`escalationLevel`), but the state speaks of the next deadline: an order escalated at
 * the district and then dispatched with a fresh limit is on time again.
 */
export function nextDeadline(
  o: PlanOrder & { escalationLevel: number },
  now: Date,
  settings: ReminderSettings,
  since: Date | null,
): NextDeadline | null {
  const open: { limit: DeadlineLimit; at: Date; offsets: readonly number[] }[] = [];
  if (signLimitHolder(o) && o.refuseDeadline) {
    open.push({ limit: 'sign', at: o.refuseDeadline, offsets: settings.signOffsetsHours });
  }
  if (handlingLimitOpen(o) && o.deadline) {
    open.push({ limit: 'handling', at: o.deadline, offsets: settings.handlingOffsetsHours });
  }
  if (open.length === 0) return null;
  // the earliest; on a tie the sign limit (listed first) comes first
  const next = open.reduce((a, b) => (b.at.getTime() < a.at.getTime() ? b : a));
  const dueSoonAt = dueSoonFrom(next.at, next.offsets, since);
  const t = now.getTime();
  const state: DeadlineState =
    next.at.getTime() <= t
      ? o.escalationLevel > 0
        ? 'escalated'
        : 'overdue'
      : dueSoonAt.getTime() <= t
        ? 'dueSoon'
        : 'onTime';
  return { limit: next.limit, at: next.at, dueSoonAt, state };
}
