import { sql } from 'kysely';
import type { OrderSummary } from '@hotline/contract';
import type { OrderState } from '@hotline/domain';
import type { Db } from '../../src/context';
import type { WorkOrderRow } from '../../src/db/schema';
import type { AuthContext } from '../../src/modules/auth/auth-context';
import { authenticate } from '../../src/modules/auth/session.service';
import { toOrderState } from '../../src/modules/work-orders/order-state';
import type { BudgetedCount } from '../../src/modules/work-orders/reads/list-total';
import { countOrderPartsUpTo } from '../../src/modules/work-orders/reads/list.repository';
import type { SortKey } from '../../src/modules/work-orders/reads/page-sort';
import type { OrdersWhere } from '../../src/modules/work-orders/reads/queue-sql';
import { weekNumber, weekStart } from '../../src/modules/work-orders/reads/search-sql';
import { DEMO_USERNAMES, type DemoUsername } from '../../src/seed/demo-org';
import { post, type Reply } from '../support/api';
import type { TestApp } from '../support/test-app';

/** Shared helpers of the reads suites (server/test/reads-*.test.ts). */

export const JSJB = '/api/addons/jsjb';
export const USERS: readonly DemoUsername[] = DEMO_USERNAMES;

/**
 * The demo users confined to their unit's orders: their whole list shows every order source
 * (decision 0019); everyone else's shows 1, 5, 7 unless asked for more.
 */
export const UNIT_ONLY: readonly DemoUsername[] = [
  'street1',
  'street2',
  'town1',
  'dept1',
  'dept2',
  'leader1',
];

/** Is the order of a source `name`'s whole list shows when it asks for none? */
export const inWholeList = (name: DemoUsername, typeId: number): boolean =>
  UNIT_ONLY.includes(name) || [1, 5, 7].includes(typeId);

export interface Caller {
  token: string;
  auth: AuthContext;
}

export async function callers(t: TestApp): Promise<Record<DemoUsername, Caller>> {
  const out: Partial<Record<DemoUsername, Caller>> = {};
  for (const name of USERS) {
    const token = await t.login(name);
    out[name] = { token, auth: await authenticate(t.ctx, token) };
  }
  return out as Record<DemoUsername, Caller>;
}

export interface LoadedRow {
  row: WorkOrderRow;
  state: OrderState;
}

/** What an order is searched by (migration 036's hotline_order_text), made here from the row. */
export const searchTextOf = ({ row: r }: LoadedRow): string =>
  [
    r.order_num,
    r.district_case_num ?? '',
    r.title,
    r.major_content,
    r.caller_name,
    r.caller_phone,
    r.address,
  ]
    .join(' ')
    .toLowerCase();

export async function allOrders(db: Db): Promise<LoadedRow[]> {
  const rows = await db.selectFrom('work_orders').selectAll().orderBy('id').execute();
  return rows.map((row) => ({
    row,
    state: toOrderState(row, null, null),
  }));
}

export async function unitIdOf(db: Db, code: string): Promise<number> {
  const row = await db.selectFrom('units').select('id').where('code', '=', code).executeTakeFirst();
  if (!row) throw new Error(`no unit ${code}`);
  return row.id;
}

export interface ListData {
  list: OrderSummary[];
  totalCount?: number;
  hasMore: boolean;
  pageNo: number;
  pageSize: number;
}

export const list = (t: TestApp, token: string, body: object, url = '/lists/search') =>
  post<ListData>(t, `${JSJB}${url}`, body, { token });

/** Every row of a list, page by page (150 a page), failing loudly on an error answer. */
export async function listAll(
  t: TestApp,
  token: string,
  body: object,
  url = '/lists/search',
): Promise<OrderSummary[]> {
  const out: OrderSummary[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const reply: Reply<ListData> = await list(t, token, { ...body, pageNo, pageSize: 150 }, url);
    if (reply.code !== 200) throw new Error(`${url} ${JSON.stringify(body)}: ${reply.msg}`);
    out.push(...reply.data.list);
    if (!reply.data.hasMore) return out;
  }
}

export const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

/** The settings that choose how a keyword list is read (search-page.ts keywordPlan). */
type KeywordSettings = Partial<
  Pick<TestApp['ctx']['settings'], 'keywordScanRows' | 'keywordIdsMax' | 'keywordSampleRows'>
>;

/** `run` with the keyword settings of `patch`, restored after. */
export async function withKeywordSettings<T>(
  t: TestApp,
  patch: KeywordSettings,
  run: () => Promise<T>,
): Promise<T> {
  const { keywordScanRows, keywordIdsMax, keywordSampleRows } = t.ctx.settings;
  Object.assign(t.ctx.settings, patch);
  try {
    return await run();
  } finally {
    Object.assign(t.ctx.settings, { keywordScanRows, keywordIdsMax, keywordSampleRows });
  }
}

/**
 * `run` with `settings.keywordScanRows` set to `scanRows` and the matches never collected first
 * (`keywordIdsMax` 0): the keyword on the rows or through the search index.
 */
export function withScanRows<T>(t: TestApp, scanRows: number, run: () => Promise<T>): Promise<T> {
  return withKeywordSettings(t, { keywordScanRows: scanRows, keywordIdsMax: 0 }, run);
}

/** `run` with a keyword's matches collected first wherever the list is not small (matchesInHand). */
export function withMatchesInHand<T>(t: TestApp, run: () => Promise<T>): Promise<T> {
  return withKeywordSettings(t, { keywordScanRows: 1, keywordIdsMax: 100_000 }, run);
}

/**
 * Every order (by id, i = 0, 1, …) given the call time and, when `made` says one, the title
 * `made(i, orders)` says; then the statistics analysed, as the search's choices read them.
 */
export async function relayOrders(
  t: TestApp,
  made: (i: number, orders: number) => { callTime: Date; title?: string | undefined },
): Promise<void> {
  const ids = await t.ctx.db.selectFrom('work_orders').select('id').orderBy('id').execute();
  for (const [i, { id }] of ids.entries()) {
    const { callTime, title } = made(i, ids.length);
    await t.ctx.db
      .updateTable('work_orders')
      .set({ call_time: callTime, ...(title === undefined ? {} : { title }) })
      .where('id', '=', id)
      .execute();
  }
  await sql`ANALYZE work_orders`.execute(t.ctx.db);
  await sql`ANALYZE order_search`.execute(t.ctx.db);
}

/**
 * Every order called evenly over the three years back from now (newest first by id), every
 * third one titled `term` + its index; the statistics analysed. Returns the call times of the
 * orders carrying the term, newest first. `beforeThisWeek`: the three years end where the
 * current search week begins (`weekStart`), so that the newest keyword window holds no order
 * whatever the day — else it held the newest order or not as the week went on, and a lone
 * match there promised a broad term (list-total.ts broadConfirmed) on some days only.
 */
export async function spreadTermOverYears(
  t: TestApp,
  term: string,
  { beforeThisWeek = false } = {},
): Promise<Date[]> {
  const from = beforeThisWeek ? weekStart(weekNumber(t.ctx.now())) : t.ctx.now();
  const now = from.getTime();
  const matchTimes: Date[] = [];
  await relayOrders(t, (i, orders) => {
    const callTime = new Date(now - Math.round((i + 0.5) * ((156 * 604_800_000) / orders)));
    const carries = i % 3 === 0;
    if (carries) matchTimes.push(callTime);
    return { callTime, ...(carries ? { title: `${term}${i}` } : {}) };
  });
  return matchTimes;
}

/**
 * The first `recent` orders (by id) called in the current week, the rest spread over the three
 * years before it; every title is `always` + its index, the recent ones' followed by ` ${fresh}`;
 * the statistics analysed. Returns every call time, newest first.
 */
export async function recentWeekAndYears(
  t: TestApp,
  recent: number,
  terms: { always: string; fresh: string },
): Promise<Date[]> {
  const now = t.ctx.now().getTime();
  const weekBegan = weekStart(weekNumber(t.ctx.now())).getTime();
  const yearsBack = now - 156 * 604_800_000;
  const times: Date[] = [];
  await relayOrders(t, (i, orders) => {
    const isRecent = i < recent;
    const at = isRecent
      ? weekBegan + ((now - weekBegan) * (i + 0.5)) / recent
      : yearsBack + ((weekBegan - yearsBack) * (i - recent + 0.5)) / (orders - recent);
    const callTime = new Date(Math.round(at));
    times.push(callTime);
    return { callTime, title: `${terms.always}${i}${isRecent ? ` ${terms.fresh}` : ''}` };
  });
  return times.sort((a, b) => b.getTime() - a.getTime());
}

/** Real counts of a keyword total (list-total.ts `BudgetedCount`), each call's limit kept. */
export function countsKept(t: TestApp): BudgetedCount & { limits: number[] } {
  const limits: number[] = [];
  const count: BudgetedCount = async (parts, limit) => {
    limits.push(limit);
    return countOrderPartsUpTo(t.ctx.db, parts, limit);
  };
  return Object.assign(count, { limits });
}

/** The plain statement a page replaces. */
export async function plainIds(
  db: Db,
  where: readonly OrdersWhere[],
  sort: SortKey,
  direction: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<number[]> {
  let query = db.selectFrom('work_orders').select('work_orders.id');
  for (const w of where) query = query.where(w);
  const dir = direction === 'desc' ? sql`DESC` : sql`ASC`;
  const rows = await query
    .orderBy(sql`${sql.ref(`work_orders.${sort}`)} ${dir} NULLS LAST`)
    .orderBy('work_orders.id', direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}
