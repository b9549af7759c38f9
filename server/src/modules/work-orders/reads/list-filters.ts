import type { ListBody } from '@hotline/contract';
import { sql } from 'kysely';
import type { Db } from '../../../context';
import { badRequest } from '../../../http/app-error';
import { categoryAndDescendants } from './list.repository';
import { withAlternatives, type OrdersEb, type OrdersWhere } from './queue-sql';
import { keywordWhere } from './search-sql';
import { searchKeys } from './search-keys';

/** The optional filters of a list body as WHERE clauses (queue and scope come separately). */

type DateColumn = 'call_time' | 'dispatch_time' | 'deadline';
interface Bound {
  at: Date;
  op: '>=' | '<' | '<=';
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A date is a whole China-time day: 'from' is its 00:00, 'to' the next day's 00:00
 * (exclusive). A date-time without an offset is China time; 'to' includes it.
 */
export function dateBound(text: string, side: 'from' | 'to'): Bound {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  if (dateOnly) {
    const start = Date.parse(`${text}T00:00:00+08:00`);
    return side === 'from'
      ? { at: new Date(start), op: '>=' }
      : { at: new Date(start + DAY), op: '<' };
  }
  const normalised = text.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(normalised) ? normalised : `${normalised}+08:00`;
  return { at: new Date(Date.parse(zoned)), op: side === 'from' ? '>=' : '<=' };
}

const RANGES: readonly [DateColumn, 'callTime' | 'dispatchTime' | 'deadline'][] = [
  ['call_time', 'callTime'],
  ['dispatch_time', 'dispatchTime'],
  ['deadline', 'deadline'],
];

/** The dispatch-time and deadline bounds `rangeWhere` made (list.service reads them apart). */
const laterRanges = new WeakMap<OrdersWhere, Bound & { column: DateColumn }>();

/**
 * The clauses of `where` that bound dispatch time or deadline; `since`, the latest of their
 * lower bounds, and `until`, the earliest of their upper bounds (null without one). A match
 * satisfies every bound, and an order is called before it is dispatched or due, so a match
 * was called before `until`; orders called before `since` are mostly done before it.
 * `dueEnd`: one of the upper bounds is the deadline's (its matches were called up to a time
 * limit before it, a dispatch range's just before).
 */
export function laterRangesOf(where: readonly OrdersWhere[]): {
  clauses: OrdersWhere[];
  since: Date | null;
  until: Date | null;
  dueEnd: boolean;
} {
  const clauses = where.filter((w) => laterRanges.has(w));
  let since: Date | null = null;
  let until: Date | null = null;
  let dueEnd = false;
  for (const c of clauses) {
    const bound = laterRanges.get(c);
    if (!bound) continue;
    if (bound.op === '>=') {
      if (!since || bound.at > since) since = bound.at;
      continue;
    }
    if (bound.column === 'deadline') dueEnd = true;
    if (!until || bound.at < until) until = bound.at;
  }
  return { clauses, since, until, dueEnd };
}

/**
 * `where` with a clause that lets a newest-first page by call time start at the end of its
 * dispatch-time or deadline range, or null where that does not help (no such end, or one less
 * than a day before `now`, or another clause already read in parts). An order is dispatched and
 * due after it is called, so a match was called before the range's end: the walk of the
 * call-time index starts there instead of passing every order called since. Orders that break
 * the rule (a city order carries the city's call time; a clock can be off) are read apart
 * through the partial index that holds only them (migration 038), so the clause —
 * `call_time <= end OR <breaks the rule>`, which every match satisfies — changes no answer.
 */
export function fromRangeEnd(where: readonly OrdersWhere[], now: Date): OrdersWhere[] | null {
  if (where.some((w) => w.alternatives !== undefined)) return null;
  const { until } = laterRangesOf(where);
  if (!until || until.getTime() > now.getTime() - DAY) return null;
  const before: OrdersWhere = (eb) => eb('work_orders.call_time', '<=', until);
  const odd: OrdersWhere = (eb) =>
    eb.or([
      eb('work_orders.dispatch_time', '<', eb.ref('work_orders.call_time')),
      eb('work_orders.deadline', '<', eb.ref('work_orders.call_time')),
    ]);
  const clause = withAlternatives(
    (eb) => eb.or([before(eb), odd(eb)]),
    [before, (eb) => eb.and([odd(eb), eb('work_orders.call_time', '>', until)])],
  );
  return [...where, clause];
}

function rangeWhere(body: ListBody): OrdersWhere[] {
  const out: OrdersWhere[] = [];
  for (const [column, name] of RANGES) {
    const fromText = body[`${name}From`];
    const toText = body[`${name}To`];
    const from = fromText ? dateBound(fromText, 'from') : null;
    const to = toText ? dateBound(toText, 'to') : null;
    // A 'to' date is exclusive (next day 00:00), so from == to is already an empty range.
    if (from && to && (from.at > to.at || (to.op === '<' && from.at >= to.at))) {
      throw badRequest('list.rangeReversed', { field: `${name}From` });
    }
    for (const bound of [from, to]) {
      if (!bound) continue;
      const clause: OrdersWhere = (eb) => eb(`work_orders.${column}`, bound.op, bound.at);
      if (column !== 'call_time') laterRanges.set(clause, { ...bound, column });
      out.push(clause);
    }
  }
  return out;
}

/** The most days of deadlines a page by call time reads day by day (`dueDays`). */
const DUE_DAYS_MAX = 31;

/**
 * `where` with its deadline filter of whole China-time days (`from` … `to`, at most
 * DUE_DAYS_MAX) in place of its two bounds, as one clause read day by day: each part is the
 * orders due on one day, one range of the due-day index (migration 042) in call-time order, and
 * a page by call time (list.service.ts `pageOf`) merges those ranges (list.repository.ts
 * `orderedIds`) instead of sorting every order due in the filter. The same orders: a day is due
 * on it from its 00:00 to the next day's, the bounds `dateBound` makes of those dates. Null
 * without such a filter. Only for the page: estimates and totals keep the bounds, which the
 * planner has statistics for.
 */
export function withDueDays(where: readonly OrdersWhere[], body: ListBody): OrdersWhere[] | null {
  const days = dueDays(body);
  if (!days) return null;
  const bound = (w: OrdersWhere) => laterRanges.get(w)?.column === 'deadline';
  return [...where.filter((w) => !bound(w)), days];
}

function dueDays(body: ListBody): OrdersWhere | null {
  const fromText = body.deadlineFrom;
  const toText = body.deadlineTo;
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (!fromText || !toText || !date.test(fromText) || !date.test(toText)) return null;
  const first = Date.parse(`${fromText}T00:00:00Z`);
  const count = (Date.parse(`${toText}T00:00:00Z`) - first) / DAY + 1;
  if (!(count >= 1 && count <= DUE_DAYS_MAX)) return null;
  const days = Array.from({ length: count }, (_, i) =>
    new Date(first + i * DAY).toISOString().slice(0, 10),
  );
  // The expression of the due-day index (migration 042), written as it is there.
  const dueDay = sql`(work_orders.deadline AT TIME ZONE 'Asia/Shanghai')::date`;
  const dueOn = (day: string) => () => sql<boolean>`${dueDay} = ${day}::date`;
  // One day is one range as it is; more are one range each, merged.
  if (days.length === 1) return dueOn(fromText);
  return withAlternatives(
    () => sql<boolean>`${dueDay} BETWEEN ${fromText}::date AND ${toText}::date`,
    days.map(dueOn),
  );
}

/**
 * `column IN (values)`, which a page may also read value by value: each value is one range of
 * an index in the page's order (the status index, the category index of migration 016), so a
 * page merges a few short ranges instead of sorting every match.
 */
function codeIn(column: 'status' | 'category_id', values: readonly number[]): OrdersWhere {
  return withAlternatives(
    (eb) => eb(`work_orders.${column}`, 'in', [...values]),
    [...new Set(values)].map((v) => (eb: OrdersEb) => eb(`work_orders.${column}`, '=', v)),
  );
}

export async function filterWhere(db: Db, body: ListBody): Promise<OrdersWhere[]> {
  const out: OrdersWhere[] = [];
  const codes = [
    ['status', body.status],
    ['main_org_status', body.mainOrgStatus],
    ['huifang_state', body.huifangState],
    ['need_review_status', body.needReviewStatus],
  ] as const;
  for (const [column, values] of codes) {
    if (!values) continue;
    // Only the status leads an index in the page's order (the others would be read value by
    // value along the same call-time index, each part walking further than the whole).
    out.push(
      column === 'status'
        ? codeIn(column, values)
        : (eb) => eb(`work_orders.${column}`, 'in', values),
    );
  }
  if (body.orderNum) {
    const num = body.orderNum;
    out.push((eb) =>
      eb.or([eb('work_orders.order_num', '=', num), eb('work_orders.district_case_num', '=', num)]),
    );
  }
  if (body.keyword)
    out.push(keywordWhere(body.keyword, undefined, await searchKeys(db, body.keyword)));
  if (body.hostUnitId !== undefined) {
    const unit = body.hostUnitId;
    out.push((eb) => eb('work_orders.host_unit_id', '=', unit));
  }
  if (body.categoryId !== undefined) {
    const ids = await categoryAndDescendants(db, body.categoryId);
    // An unknown category matches nothing (an empty IN list is not valid SQL).
    out.push(codeIn('category_id', ids.length > 0 ? ids : [-1]));
  }
  if (body.urgency) {
    const urgency = body.urgency;
    out.push((eb) => eb('work_orders.urgency', 'in', urgency));
  }
  if (body.isKeyAppeal !== undefined) {
    const on = body.isKeyAppeal;
    out.push((eb) => eb('work_orders.is_key_appeal', '=', on));
  }
  if (body.escalated !== undefined) {
    const on = body.escalated;
    out.push((eb) => eb('work_orders.escalation_level', on ? '>' : '=', 0));
  }
  out.push(...rangeWhere(body));
  return out;
}

/** The filters of a list body (what makes a queue's list more than its queue). */
export const LIST_FILTERS = [
  'status',
  'mainOrgStatus',
  'huifangState',
  'needReviewStatus',
  'orderNum',
  'keyword',
  'hostUnitId',
  'categoryId',
  'urgency',
  'isKeyAppeal',
  'escalated',
  'callTimeFrom',
  'callTimeTo',
  'dispatchTimeFrom',
  'dispatchTimeTo',
  'deadlineFrom',
  'deadlineTo',
] as const satisfies readonly (keyof ListBody)[];
