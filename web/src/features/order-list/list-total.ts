import { MAX_LIST_OFFSET } from '@hotline/contract';

/**
 * What the list shows of its total. The server counts a list only up to a cap
 * (`LIST_TOTAL_CAP`): past it the reply says `totalCapped` and the toolbar reads "共 10,000+ 条"
 * with a button for the exact figure. A total the server could not count within its time budget
 * is an estimate (`totalEstimated`): "约 N 条" ("约 10,000+ 条" past the cap), with the same
 * button. Pure, so the rules are unit-tested.
 */

export interface ShownTotal {
  n: number;
  /** true: there are more than `n` rows. */
  capped: boolean;
  /** true: `n` is an estimate. */
  estimated: boolean;
}

/** The figure to show: the exact count once asked for, else the list's (maybe capped) total. */
export function shownTotal(
  reply:
    | {
        totalCount?: number | undefined;
        totalCapped?: boolean | undefined;
        totalEstimated?: boolean | undefined;
      }
    | undefined,
  exact: number | undefined,
): ShownTotal | undefined {
  if (exact !== undefined) return { n: exact, capped: false, estimated: false };
  if (reply?.totalCount === undefined) return undefined;
  return {
    n: reply.totalCount,
    capped: reply.totalCapped === true,
    estimated: reply.totalEstimated === true,
  };
}

/** The toolbar's text key and its figure, grouped by thousands ("10,000") in both languages. */
export function totalText(total: ShownTotal) {
  return {
    key: total.capped
      ? total.estimated
        ? ('workOrders.toolbar.totalCappedEstimated' as const)
        : ('workOrders.toolbar.totalCapped' as const)
      : total.estimated
        ? ('workOrders.toolbar.totalEstimated' as const)
        : ('workOrders.toolbar.total' as const),
    n: total.n.toLocaleString('en-US'),
  };
}

/** The last page the server serves: its offset may not pass MAX_LIST_OFFSET. */
export function lastServedPage(pageSize: number): number {
  return Math.floor(MAX_LIST_OFFSET / pageSize) + 1;
}

/**
 * The `total` the pager gets: every page it offers exists and the server serves it. A capped
 * total stands for at least one row more than the cap (pages past the cap work); an estimate
 * may be short, so what the current page saw (`hasMore`) extends either; the server's offset
 * limit bounds it.
 */
export function pagerTotal(args: {
  total: ShownTotal | undefined;
  pageNo: number;
  pageSize: number;
  rows: number;
  hasMore: boolean;
}): number {
  const { total, pageNo, pageSize, rows, hasMore } = args;
  const seen = (pageNo - 1) * pageSize + rows + (hasMore ? 1 : 0);
  const known =
    total === undefined
      ? seen
      : total.capped
        ? Math.max(total.n + 1, seen)
        : total.estimated
          ? Math.max(total.n, seen)
          : total.n;
  return Math.min(known, lastServedPage(pageSize) * pageSize);
}
