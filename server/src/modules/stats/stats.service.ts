import type { KanbanBody, KanbanData, UnitStats } from '@hotline/contract';
import { MAX_STATS_DAYS } from '@hotline/contract';
import {
  WEIGHTS,
  assess,
  isDistrictReader,
  isUnitHandler,
  isUnitLeader,
  periodContaining,
  periodStarting,
  type AssessedVisit,
  type Period,
  type UnitGroup,
  type VisitResult,
} from '@hotline/domain';
import type { AppContext } from '../../context';
import { badRequest, forbidden } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { actorFrom } from '../work-orders/actor';
import { loadWorkflowConfig } from '../work-orders/lifecycle-settings';
import * as repo from './stats.repository';

/**
 * kanban: the assessment board of WORKFLOW section 7 for a period (19th to 19th by default, any
 * days on request). The maths is the domain's `assess` (rates, 10/50/40 score, two-group
 * ranking); this service only gathers the facts. Excluded orders (tichuType set) are left out
 * of every figure and listed separately. District readers see every unit; a street, town or
 * department handler sees its own unit's row (with its rank among all).
 */

const DAY_MS = 86_400_000;
const CST_MS = 8 * 3_600_000;
const EXCLUDED_LIST_LIMIT = 500;

export function periodOf(body: KanbanBody, now: Date): Period {
  if (body.period) {
    const [y, m] = body.period.split('-').map(Number);
    return periodStarting(y!, m! - 1);
  }
  if (body.from && body.to) {
    const start = new Date(Date.parse(`${body.from}T00:00:00+08:00`));
    const end = new Date(Date.parse(`${body.to}T00:00:00+08:00`) + DAY_MS);
    if ((end.getTime() - start.getTime()) / DAY_MS > MAX_STATS_DAYS) {
      throw badRequest('stats.rangeTooLong', { days: MAX_STATS_DAYS });
    }
    return { start, end, label: `${body.from} ~ ${body.to}` };
  }
  return periodContaining(now);
}

/** Every China-time day of the period, in order. */
export function daysOf(period: Period): string[] {
  const out: string[] = [];
  for (let t = period.start.getTime(); t < period.end.getTime(); t += DAY_MS) {
    out.push(new Date(t + CST_MS).toISOString().slice(0, 10));
  }
  return out;
}

const ratio = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 10_000) / 10_000);

export async function kanban(
  ctx: AppContext,
  auth: AuthContext,
  body: KanbanBody,
): Promise<KanbanData> {
  const actor = actorFrom(auth);
  const everyUnit = actor.admin || isDistrictReader(actor);
  if (!everyUnit && !isUnitHandler(actor) && !isUnitLeader(actor)) throw forbidden();
  const now = ctx.now();
  const period = periodOf(body, now);
  const range = { start: period.start, end: period.end };
  const config = await loadWorkflowConfig(ctx.db);
  // A unit's own board: its row, and its trend, categories and totals — never the district's.
  const own = everyUnit ? null : actor.unitId;
  const [units, dispatch, visits, excluded, received, replied, closed, categories, escalations] =
    await Promise.all([
      repo.hostUnits(ctx.db),
      repo.dispatchStats(ctx.db, range, config.limits.refuseSignHours, now),
      repo.visitFacts(ctx.db, range),
      repo.excludedOrders(ctx.db, range, EXCLUDED_LIST_LIMIT),
      repo.perDay(ctx.db, 'call_time', range, own),
      repo.perDay(ctx.db, 'reply_time', range, own),
      repo.perDay(ctx.db, 'closed_time', range, own),
      repo.byCategory(ctx.db, range, own),
      repo.escalationStats(ctx.db, range),
    ]);
  const infos = units.map((u) => ({
    id: u.id,
    name: u.name,
    group: (u.kind === 'department' ? 'department' : 'street') as UnitGroup,
  }));
  const assessed: AssessedVisit[] = visits.map((v) => ({
    hostUnitId: v.host_unit_id!,
    reached: v.visit_contacted === true,
    hostContacted: v.visit_host_contacted === true,
    resolved: v.visit_resolved === true,
    satisfaction: (v.visit_result as VisitResult | null) ?? null,
    excluded: v.tichu_type !== null,
  }));
  const byUnit = new Map(dispatch.map((d) => [d.host_unit_id, d]));
  const escalatedBy = new Map(escalations.map((e) => [e.unit_id, e]));
  const rows: UnitStats[] = assess(infos, assessed).map((s) => {
    const d = byUnit.get(s.id);
    const volume = d?.volume ?? 0;
    return {
      ...s,
      volume,
      signedOnTime: d?.signed_on_time ?? 0,
      signRate: ratio(d?.signed_on_time ?? 0, volume),
      replied: d?.replied ?? 0,
      repliedOnTime: d?.replied_on_time ?? 0,
      replyRate: ratio(d?.replied_on_time ?? 0, volume),
      overdue: d?.overdue ?? 0,
      escalationsL1: escalatedBy.get(s.id)?.level1 ?? 0,
      escalationsL2: escalatedBy.get(s.id)?.level2 ?? 0,
    };
  });
  const visible = everyUnit ? rows : rows.filter((r) => r.id === actor.unitId);
  const mine = <T extends { host_unit_id: number | null }>(list: readonly T[]) =>
    own === null ? list : list.filter((d) => d.host_unit_id === own);
  const ownEscalations = own === null ? escalations : escalations.filter((e) => e.unit_id === own);
  const shownExcluded = excluded.filter(
    (o) => everyUnit || visible.some((u) => u.name === o.organizer_name),
  );
  const sum = (f: (d: repo.DispatchRow) => number) => mine(dispatch).reduce((n, d) => n + f(d), 0);
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return {
    period: {
      start: period.start.toISOString(),
      end: period.end.toISOString(),
      label: period.label,
    },
    weights: { ...WEIGHTS },
    units: visible,
    excludedOrders: shownExcluded.map((o) => ({
      id: o.id,
      orderNum: o.order_num,
      title: o.title,
      organizerName: o.organizer_name ?? '',
      tichuType: o.tichu_type ?? '',
      visitTime: o.visit_time ? o.visit_time.toISOString() : null,
    })),
    trendByDay: daysOf(period).map((day) => ({
      day,
      received: received.get(day) ?? 0,
      replied: replied.get(day) ?? 0,
      closed: closed.get(day) ?? 0,
    })),
    byCategory: categories.map((c) => ({ name: c.name ?? '—', count: c.n })),
    totals: {
      received: total(received),
      dispatched: sum((d) => d.volume),
      replied: sum((d) => d.replied),
      closed: total(closed),
      overdue: sum((d) => d.overdue),
      excluded: shownExcluded.length,
      // every escalation of the period, the district's own (orders not yet dispatched) too;
      // a unit's board: its own
      escalationsL1: ownEscalations.reduce((n, e) => n + e.level1, 0),
      escalationsL2: ownEscalations.reduce((n, e) => n + e.level2, 0),
    },
  };
}
