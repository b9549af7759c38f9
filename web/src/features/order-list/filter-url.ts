import { ORDER_STATUS_CODES, ORDER_TYPE_IDS, URGENCIES } from '@hotline/domain';
import {
  LIST_KEYWORD_MAX,
  LIST_PAGE_SIZES,
  LIST_SORTS,
  type EndpointInput,
} from '@hotline/contract';
import { listEndpoints } from '@hotline/contract/client';

/**
 * The list filter and its URL form: every field lives in the route's query, so a tab, a
 * reload and a shared link show the same list. Parsing drops what the server would refuse
 * (unknown codes, malformed dates), so a hand-edited link never loops on a 400.
 */

export const DATE_FIELDS = [
  'callTimeFrom',
  'callTimeTo',
  'dispatchTimeFrom',
  'dispatchTimeTo',
  'deadlineFrom',
  'deadlineTo',
] as const;
export type DateField = (typeof DATE_FIELDS)[number];

export interface ListFilter {
  orderNum?: string;
  keyword?: string;
  status?: number[];
  hostUnitId?: number;
  categoryId?: number;
  urgency?: string[];
  /**
   * Order sources; none means the list's own default (a host queue's every source, a district
   * list's 1,5,7: `listSources`), left out of the URL and the request.
   */
  typeId?: number[];
  isKeyAppeal?: 0 | 1;
  callTimeFrom?: string;
  callTimeTo?: string;
  dispatchTimeFrom?: string;
  dispatchTimeTo?: string;
  deadlineFrom?: string;
  deadlineTo?: string;
  /** The sort, when not the default newest call first (left out of the URL then). */
  sort?: ListSort;
  sortOrder?: 'asc' | 'desc';
  pageNo: number;
  pageSize: number;
}

export type ListSort = (typeof LIST_SORTS)[number];
export const DEFAULT_SORT: { sort: ListSort; sortOrder: 'asc' | 'desc' } = {
  sort: 'callTime',
  sortOrder: 'desc',
};

/** The filter's sort, the default filled in. */
export function sortOf(filter: ListFilter): { sort: ListSort; sortOrder: 'asc' | 'desc' } {
  return { sort: filter.sort ?? DEFAULT_SORT.sort, sortOrder: filter.sortOrder ?? 'desc' };
}

/** A sort as the filter keeps it: the default is no sort at all (short links). */
export function sortPatch(sort: ListSort, sortOrder: 'asc' | 'desc'): Partial<ListFilter> {
  const isDefault = sort === DEFAULT_SORT.sort && sortOrder === DEFAULT_SORT.sortOrder;
  return isDefault ? { sort: undefined, sortOrder: undefined } : { sort, sortOrder };
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const KEYWORD_MIN = 2;
export const KEYWORD_MAX = LIST_KEYWORD_MAX;

function codes(text: string | undefined, allowed: readonly number[]): number[] | undefined {
  if (!text) return undefined;
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^-?\d+$/.test(s))
    .map(Number)
    .filter((n) => allowed.includes(n));
  return list.length ? [...new Set(list)] : undefined;
}

function positiveInt(text: string | undefined): number | undefined {
  if (!text || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
}

function validDate(text: string | undefined): string | undefined {
  if (!text || !DATE_RE.test(text)) return undefined;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text ? text : undefined;
}

export function pageSizeOr(value: number | undefined, fallback: number): number {
  const sizes = LIST_PAGE_SIZES as readonly number[];
  if (value !== undefined && sizes.includes(value)) return value;
  return sizes.includes(fallback) ? fallback : 10;
}

/** The route query → the filter (`defaultPageSize`: the stored `list_page_size`). */
export function parseFilter(query: Record<string, string>, defaultPageSize: number): ListFilter {
  const keyword = query.keyword?.trim();
  const urgency = query.urgency
    ?.split(',')
    .filter((u): u is (typeof URGENCIES)[number] => (URGENCIES as readonly string[]).includes(u));
  const filter: ListFilter = {
    pageNo: positiveInt(query.pageNo) ?? 1,
    pageSize: pageSizeOr(positiveInt(query.pageSize), defaultPageSize),
  };
  const orderNum = query.orderNum?.trim();
  if (orderNum) filter.orderNum = orderNum.slice(0, 64);
  if (keyword && keyword.length >= KEYWORD_MIN) filter.keyword = keyword.slice(0, KEYWORD_MAX);
  const typeId = codes(query.typeId, ORDER_TYPE_IDS);
  if (typeId) filter.typeId = typeId;
  const status = codes(query.status, ORDER_STATUS_CODES);
  if (status) filter.status = status;
  const hostUnitId = positiveInt(query.hostUnitId);
  if (hostUnitId) filter.hostUnitId = hostUnitId;
  const categoryId = positiveInt(query.categoryId);
  if (categoryId) filter.categoryId = categoryId;
  if (urgency?.length) filter.urgency = [...new Set(urgency)];
  if (query.isKeyAppeal === '1' || query.isKeyAppeal === '0') {
    filter.isKeyAppeal = Number(query.isKeyAppeal) as 0 | 1;
  }
  for (const field of DATE_FIELDS) {
    const value = validDate(query[field]);
    if (value) filter[field] = value;
  }
  const sort = (LIST_SORTS as readonly string[]).includes(query.sort ?? '')
    ? (query.sort as ListSort)
    : DEFAULT_SORT.sort;
  const order = query.sortOrder === 'asc' ? 'asc' : 'desc';
  if (sort !== DEFAULT_SORT.sort || order !== DEFAULT_SORT.sortOrder) {
    filter.sort = sort;
    filter.sortOrder = order;
  }
  return filter;
}

/** The filter → the route query; defaults are left out so links stay short. */
export function filterToQuery(filter: ListFilter, defaultPageSize: number): Record<string, string> {
  const out: Record<string, string> = {};
  if (filter.orderNum) out.orderNum = filter.orderNum;
  if (filter.keyword) out.keyword = filter.keyword;
  if (filter.status?.length) out.status = filter.status.join(',');
  if (filter.hostUnitId) out.hostUnitId = String(filter.hostUnitId);
  if (filter.categoryId) out.categoryId = String(filter.categoryId);
  if (filter.urgency?.length) out.urgency = filter.urgency.join(',');
  if (filter.typeId?.length) out.typeId = filter.typeId.join(',');
  if (filter.isKeyAppeal !== undefined) out.isKeyAppeal = String(filter.isKeyAppeal);
  for (const field of DATE_FIELDS) {
    const value = filter[field];
    if (value) out[field] = value;
  }
  if (filter.sort) out.sort = filter.sort;
  if (filter.sort && filter.sortOrder) out.sortOrder = filter.sortOrder;
  if (filter.pageNo > 1) out.pageNo = String(filter.pageNo);
  if (filter.pageSize !== pageSizeOr(undefined, defaultPageSize)) {
    out.pageSize = String(filter.pageSize);
  }
  return out;
}

/** The query string of a filter (`?a=1&b=2`, or '' when everything is default). */
export function filterSearch(filter: ListFilter, defaultPageSize: number): string {
  const params = new URLSearchParams(filterToQuery(filter, defaultPageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A keyword the server would refuse (1 character, or over 100), else null. */
export function keywordProblem(text: string): 'short' | 'long' | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (trimmed.length < KEYWORD_MIN) return 'short';
  if (trimmed.length > KEYWORD_MAX) return 'long';
  return null;
}

/** A `…From` date after its `…To` (the server answers 400 for it), else null. */
export function dateRangeProblem(filter: Partial<ListFilter>): DateField | null {
  const pairs: [DateField, DateField][] = [
    ['callTimeFrom', 'callTimeTo'],
    ['dispatchTimeFrom', 'dispatchTimeTo'],
    ['deadlineFrom', 'deadlineTo'],
  ];
  for (const [from, to] of pairs) {
    const a = filter[from];
    const b = filter[to];
    if (a && b && a > b) return from;
  }
  return null;
}

/** The two list endpoints the console calls (they take and answer the same). */
type ListEndpoint = typeof listEndpoints.search | typeof listEndpoints.searchEs;

export interface ListRequest {
  /** `lists/searchEs` when a keyword is given (the full-text endpoint), else `lists/search`. */
  endpoint: ListEndpoint;
  body: EndpointInput<ListEndpoint> & Record<string, unknown>;
}

/** The list call for a queue and a filter. */
export function listRequest(menuId: string | undefined, filter: ListFilter): ListRequest {
  const { pageNo, pageSize, ...rest } = filter;
  const body: ListRequest['body'] = { pageNo, pageSize, isAmount: 1 };
  if (menuId) body.menuId = menuId;
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    body[key] = Array.isArray(value) ? value.join(',') : value;
  }
  const endpoint = filter.keyword ? listEndpoints.searchEs : listEndpoints.search;
  return { endpoint, body };
}
