import { MAX_LIST_OFFSET, type ListBody, type OrderSummary } from '@hotline/contract';
import { isPersonalQueue, type ListKind } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { badRequest } from '../../../http/app-error';
import type { AuthContext } from '../../auth/auth-context';
import { queueCounts, scopeTotal } from './count.service';
import { assertQueue, listKindOf, readerFor, typeIdsFor, type Reader } from './list-access';
import {
  filterWhere,
  fromRangeEnd,
  laterRangesOf,
  LIST_FILTERS,
  withDueDays,
} from './list-filters';
import { listShape, pageWay, withinListTimeout } from './list-timeout';
import { listTotal, type ListTotal } from './list-total';
import { totalWithPage } from './list-total-page';
import { hydrateOrders, pageOrderIds, type HydratedOrder } from './list.repository';
import { presentOrder } from '../order.presenter';
import type { SortKey } from './page-sort';
import { sortedPage } from './sorted-page';
import { hostOnly, queueWhere, typesWhere, type OrdersWhere } from './queue-sql';
import { keywordPageIds, keywordPlan } from './search-page';
import { hasKeyword } from './search-sql';
import { scopeForQueue, scopeIsEmpty, scopeWhere } from './scope-sql';
import { estimateOrderParts } from './total.repository';

/**
 * lists/search, lists/searchEs, town/lists, town/listsEs and their relatives: one service for
 * all of them — the caller's row scope decides what a district, street or department user
 * gets, the queue (menuId) and the filters narrow it.
 */

export interface ListPage<T> {
  list: T[];
  totalCount?: number;
  totalCapped?: true;
  totalEstimated?: true;
  hasMore: boolean;
  pageNo: number;
  pageSize: number;
}

const SORT_COLUMN: Record<ListBody['sort'], SortKey> = {
  callTime: 'call_time',
  deadline: 'deadline',
  dispatchTime: 'dispatch_time',
};

/**
 * Scope, sources, queue and filters of a list body as WHERE clauses. `kind`: what a body
 * without a queue lists — the whole list, or a list of work (every source: `listSources`).
 */
export async function listWhere(
  ctx: AppContext,
  reader: Reader,
  body: ListBody,
  kind: ListKind = 'whole',
): Promise<OrdersWhere[]> {
  if (body.menuId) assertQueue(reader, body.menuId);
  const types = typeIdsFor(reader, body.typeId, listKindOf(body.menuId, kind));
  const scope = body.menuId
    ? scopeForQueue(reader.scope, reader.queueCtx.viewerUnitId, hostOnly(body.menuId))
    : scopeWhere(reader.scope);
  const where: OrdersWhere[] = [typesWhere(types)];
  if (scope) where.push(scope);
  if (body.menuId) where.push(queueWhere(body.menuId, reader.queueCtx));
  where.push(...(await filterWhere(ctx.db, body)));
  return where;
}

/**
 * Should a page by call time sort the matches of its dispatch-time or deadline range, rather
 * than walk the call-time index newest first testing the range? An order is dispatched after
 * it is called and due after that, so the walk passes every order called after the range's
 * end before its first match: quick for a recent range, and for a week of deadlines a year
 * back it skipped 3 million orders (2.4–8.9 s at ten million) where reading the week through
 * the deadline index and sorting takes 13–17 ms. The planner cannot tell the two apart — it
 * takes call time and deadline for independent — and which it picked followed its cost
 * settings (with `effective_cache_size` 16 GB it walked). So the choice is made here, from
 * the planner's estimates of both: the orders called after the range's end (what the walk
 * passes) against the rows of the range (what the sort reads). Oldest first, the mirror
 * image: the orders called before the range's start. Newest first with a range that ended
 * over a day ago (`fromEnd`) the walk starts at the range's end instead (`fromRangeEnd`,
 * migration 038): a dispatch range's matches were called just before its end, so the walk
 * passes next to nothing and is taken; a deadline's were called up to a time limit before it,
 * so the estimates still decide (they count more than that walk passes: a sort when unsure).
 */
async function sortsRange(
  ctx: AppContext,
  body: ListBody,
  where: readonly OrdersWhere[],
  fromEnd: boolean,
) {
  if (body.sort !== 'callTime') return false;
  const { clauses, since, until, dueEnd } = laterRangesOf(where);
  const desc = body.sortOrder === 'desc';
  if (desc && fromEnd && !dueEnd) return false;
  const edge = desc ? until : since;
  // No bound on the side the walk starts from: its first rows already match.
  if (clauses.length === 0 || !edge) return false;
  const [range, passed] = await Promise.all([
    estimateOrderParts(ctx.db, [clauses]),
    estimateOrderParts(ctx.db, [[(eb) => eb('work_orders.call_time', desc ? '>' : '<', edge)]]),
  ]);
  return passed > range;
}

/**
 * One page of hydrated rows for the given WHERE; totalCount only when isAmount asked for it,
 * capped unless exactTotal (list-total.ts; `queueCount` when the caller knows a cheaper way to the
 * same number). A page that sorts a keyword's matches reads them all, and counts them with the
 * same statement (`sortedPage`): then that count is the total, exact. A frequent keyword tested
 * on a large list's own rows is not counted but estimated from a sample of the list's rows
 * (list-total-rows.ts `sampledTotal`). A keyword page the plan already found (the list probe,
 * search-page.ts `listProbePlan`) is not read again.
 */
export async function pageOf(
  ctx: AppContext,
  reader: Reader,
  body: ListBody,
  where: readonly OrdersWhere[],
  queueCount?: () => Promise<ListTotal>,
  listSize?: () => Promise<number>,
): Promise<Omit<ListPage<HydratedOrder>, 'pageNo' | 'pageSize'>> {
  const offset = (body.pageNo - 1) * body.pageSize;
  if (offset > MAX_LIST_OFFSET) throw badRequest('list.offsetTooDeep', { max: MAX_LIST_OFFSET });
  if (scopeIsEmpty(reader.scope)) {
    return { list: [], hasMore: false, ...(body.isAmount ? { totalCount: 0 } : {}) };
  }
  const wantsSample = Boolean(body.isAmount && !body.exactTotal && !queueCount);
  const sort = body.sort === 'callTime' ? 'callTime' : 'other';
  const slice = { direction: body.sortOrder, limit: body.pageSize + 1, offset };
  const plan = await keywordPlan(ctx, where, sort, wantsSample, slice, undefined, listSize);
  const planned = plan.where;
  const count = queueCount ?? (() => plan.sampled ?? listTotal(ctx, planned, body));
  const byKeyword = Boolean(body.keyword && body.sort === 'callTime' && hasKeyword(planned));
  const fromEnd =
    !byKeyword && body.sort === 'callTime' && body.sortOrder === 'desc'
      ? fromRangeEnd(planned, reader.now)
      : null;
  // A few days of deadlines by call time: read day by day and merged (list-filters.ts
  // `dueDays`), unless another clause is read in parts.
  const days =
    body.sort === 'callTime' &&
    !byKeyword &&
    !plan.sortMatches &&
    !planned.some((w) => w.alternatives !== undefined)
      ? withDueDays(planned, body)
      : null;
  const sortMatches =
    plan.sortMatches ||
    (!byKeyword && !days && (await sortsRange(ctx, body, planned, fromEnd !== null)));
  const pageWhere = days ?? (fromEnd && !sortMatches ? fromEnd : planned);
  const way = pageWay({
    byKeyword,
    keywordSorted: plan.sortMatches,
    keywordOnRows: !hasKeyword(planned),
    keywordInHand: plan.inHand,
    sortMatches,
    fromEnd: fromEnd !== null,
    dueDays: days !== null,
  });
  const counted = Boolean(plan.sortMatches && body.isAmount && !queueCount);
  const { listShort } = plan;
  const read = () =>
    withinListTimeout(ctx, listShape(body, way), async (db): Promise<PageIds> => {
      if (byKeyword) {
        const keyword = body.keyword!;
        return {
          ids: await keywordPageIds(db, planned, keyword, reader.now, slice, undefined, listShort),
        };
      }
      const sort = SORT_COLUMN[body.sort];
      if (counted) return sortedPage(db, pageWhere, { sort, ...slice }, true);
      return { ids: await pageOrderIds(db, pageWhere, { sort, ...slice, sortMatches }) };
    });
  const found: PageIds | undefined = plan.page && { ids: plan.page };
  // The total runs beside the page and then beside its hydration: it is often the longer.
  const counting = body.isAmount && !counted ? count() : Promise.resolve(undefined);
  // Handled here too, so that a total failing while the page is read is no stray rejection.
  void counting.catch(() => undefined);
  const page = found ?? (await read());
  const { ids } = page;
  const hasMore = ids.length > body.pageSize;
  // An empty page past the last match carries no count: then the total is counted.
  const countedTotal = async () =>
    page.count === undefined ? count() : { totalCount: page.count };
  const [rows, total, pageTotal] = await Promise.all([
    hydrateOrders(ctx.db, ids.slice(0, body.pageSize), reader.now),
    counting,
    counted ? countedTotal() : undefined,
  ]);
  const seen = {
    offset,
    rows: rows.length,
    hasMore,
    ...(byKeyword && rows.length > 0
      ? { byCallTime: { last: rows.at(-1)!.row.call_time, direction: body.sortOrder } }
      : {}),
  };
  return { list: rows, hasMore, ...(await totalWithPage(ctx, planned, total ?? pageTotal, seen)) };
}

interface PageIds {
  ids: number[];
  /** Every match, when the page's statement counted them (sortedPage). */
  count?: number;
}

export async function listOrders(
  ctx: AppContext,
  auth: AuthContext,
  body: ListBody,
  extra: readonly OrdersWhere[] = [],
  kind: ListKind = 'whole',
): Promise<ListPage<OrderSummary>> {
  const reader = await readerFor(ctx, auth);
  const where = [...(await listWhere(ctx, reader, body, kind)), ...extra];
  // A queue asked for as such (the spec's count calls) is counted like its badge, so the
  // history queues read the tally instead of all of history — and the numbers agree. A personal
  // list has no badge: its total is counted like any filtered list's.
  const { menuId } = body;
  const queue = menuId && !isPersonalQueue(menuId) && extra.length === 0 ? menuId : undefined;
  const unfiltered = (but?: (typeof LIST_FILTERS)[number]) =>
    LIST_FILTERS.every((f) => f === but || body[f] === undefined);
  // So is the whole list of all orders in the caller's scope (count.service.ts scopeTotal).
  const types = typeIdsFor(reader, body.typeId, listKindOf(menuId, kind));
  const queueSize = queue
    ? async () => (await queueCounts(ctx, reader, [queue], types))[queue] ?? 0
    : wholeList(ctx, reader, body, extra, types);
  const count =
    queueSize && unfiltered() ? async () => ({ totalCount: await queueSize() }) : undefined;
  // A list searched by keyword alone: its size is the tally too (search-page.ts keywordPlan).
  const listSize =
    queueSize && body.keyword !== undefined && unfiltered('keyword') ? queueSize : undefined;
  const page = await pageOf(ctx, reader, body, where, count, listSize);
  return {
    ...page,
    list: page.list.map((o) => presentOrder(o.row, o.extras, auth, reader.deadlines)),
    pageNo: body.pageNo,
    pageSize: body.pageSize,
  };
}

/** The size of the caller's whole list from the tallies, when it is asked for and they can. */
function wholeList(
  ctx: AppContext,
  reader: Reader,
  body: ListBody,
  extra: readonly OrdersWhere[],
  types: readonly number[],
): (() => Promise<number>) | undefined {
  if (body.menuId || extra.length > 0) return undefined;
  return scopeTotal(ctx, reader, types) ?? undefined;
}

/** District/overOrderListOther: open orders past their deadline and not yet replied. */
export const overdueWhere =
  (now: Date): OrdersWhere =>
  (eb) =>
    eb.and([
      eb('work_orders.status', '=', 1),
      eb('work_orders.main_org_status', 'in', [0, 1]),
      eb('work_orders.deadline', '<', now),
    ]);
