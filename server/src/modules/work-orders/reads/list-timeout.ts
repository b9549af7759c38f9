import type { ListBody } from '@hotline/contract';
import type { AppContext, Db } from '../../../context';
import { AppError } from '../../../http/app-error';
import { LIST_FILTERS } from './list-filters';
import { isQueryCanceled, withStatementTimeout } from './statement-timeout';

/**
 * The page's own statements under LIST_STATEMENT_TIMEOUT_MS: a plan gone wrong (a keyword's
 * bitmap over millions of rows, a filter walked the long way) stops with a message that says
 * how to narrow the list, instead of holding a connection and the user for minutes.
 */
export async function withinListTimeout<T>(
  ctx: AppContext,
  shape: Record<string, unknown>,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const ms = ctx.settings.listStatementTimeoutMs;
  try {
    return await withStatementTimeout(ctx.db, ms, work);
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    throw new AppError(504, 'list.tooSlow', { seconds: ms / 1000 }, { list: shape });
  }
}

/**
 * What a stopped list asked for, for the operator's log: the queue, sort, page, the names of
 * its filters and the way its page was read — never the values (a keyword may be a citizen's
 * name or number; its length is kept).
 */
export function listShape(body: ListBody, way: string): Record<string, unknown> {
  return {
    menuId: body.menuId,
    sort: body.sort,
    sortOrder: body.sortOrder,
    pageNo: body.pageNo,
    pageSize: body.pageSize,
    isAmount: body.isAmount,
    filters: LIST_FILTERS.filter((f) => body[f] !== undefined && f !== 'keyword'),
    keywordLength: body.keyword?.length,
    way,
  };
}

/** How a list's page was read (list.service.ts `pageOf`), named for the log. */
export function pageWay(how: {
  byKeyword: boolean;
  /** A keyword's few matches sorted (keywordPlan's sortMatches), tested on rows or not. */
  keywordSorted: boolean;
  /** The keyword tested on the rows (keywordPlan moved it off the search index). */
  keywordOnRows: boolean;
  /** The keyword's matches collected first, the list read among them (keywordPlan's inHand). */
  keywordInHand?: boolean;
  sortMatches: boolean;
  fromEnd: boolean;
  /** A few days of deadlines read day by day (list-filters.ts `dueDays`). */
  dueDays?: boolean;
}): string {
  if (how.byKeyword) return 'keyword';
  if (how.keywordInHand) return 'keywordInHand';
  if (how.keywordSorted) return how.keywordOnRows ? 'keywordOnRows' : 'keywordSorted';
  if (how.sortMatches) return 'sortRange';
  if (how.dueDays) return 'dueDays';
  return how.fromEnd ? 'fromRangeEnd' : 'index';
}
