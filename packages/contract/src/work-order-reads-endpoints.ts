import { endpoint } from './endpoint';
import {
  approvalListBody,
  approvalListResponse,
  countsBody,
  countsResponse,
  extensionListResponse,
  listBody,
  listResponse,
  noticeListBody,
  noticeListResponse,
} from './work-order-reads';
import {
  categoryTreeResponse,
  colsResponse,
  getColsBody,
  hostTreeResponse,
  setColsBody,
  similarBody,
  similarResponse,
  unitChildrenBody,
  unitChildrenResponse,
} from './work-order-reads-detail';
import { pickerTreeBody } from './admin-org';

/**
 * The work-order lists and their lookups (docs/api.md "Work-order lists and counts"): the
 * queue and search lists, approvals, counts, notices, the host-unit and category trees, the
 * caller's column preferences and the similar-order search.
 */

/** OpenAPI tag of the work-order reads. */
export const READ_TAGS = ['work-order lists'] as const;
const tags = READ_TAGS;
const J = '/addons/jsjb';

/** One order list: the list body in, a page of order summaries out. */
const orderList = (path: string, summary: string, aliases: string[] = []) =>
  endpoint({
    method: 'POST',
    paths: [path, ...aliases],
    summary,
    tags,
    access: 'user',
    body: listBody,
    response: listResponse,
  });

export const listEndpoints = {
  search: orderList(
    `${J}/lists/search`,
    'Orders in the caller scope: queue (menuId), filters, text',
  ),
  searchEs: orderList(`${J}/lists/searchEs`, 'Same as lists/search (district search)'),
  townLists: orderList(`${J}/town/lists`, 'Same as lists/search (street, town, department lists)'),
  townListsEs: orderList(
    `${J}/town/listsEs`,
    'Same as lists/search (street, town, department search)',
  ),
  assignList: orderList(
    `${J}/Approve/assignList`,
    'Orders waiting for dispatch or re-dispatch (queue qu_dfp)',
  ),
  overdue: orderList(
    `${J}/District/overOrderListOther`,
    'Overdue orders: host still pending or handling, deadline passed',
    // the spec also names this copy outside /addons/jsjb
    ['/addons/code/code/overOrderListOther'],
  ),
  otherSources: orderList(
    `${J}/District/getOrderListOther`,
    'Orders of the other sources (typeId 8, 9, 10 unless given); needs /ddw_button_role',
  ),
  approvals: endpoint({
    method: 'POST',
    paths: [`${J}/Approve/showList`],
    summary: 'Orders with a pending extension or exclusion request (kind filters)',
    tags,
    access: 'user',
    body: approvalListBody,
    response: approvalListResponse,
  }),
  extensionRequests: endpoint({
    method: 'POST',
    paths: [`${J}/Approve/approvalExtraQuery`],
    summary: 'Pending extension requests: hours, reason, requester, order',
    tags,
    access: 'user',
    body: listBody,
    response: extensionListResponse,
  }),
  counts: endpoint({
    method: 'POST',
    paths: [`${J}/lists/counts`],
    summary: 'Counts of all the caller queues in one call: {counts: {menuId: n}}',
    tags,
    access: 'user',
    body: countsBody,
    response: countsResponse,
  }),
  notices: endpoint({
    method: 'POST',
    paths: [`${J}/notice/list`],
    summary: 'Orders that entered one of the caller queues in the last 7 days, newest first',
    tags,
    access: 'user',
    body: noticeListBody,
    response: noticeListResponse,
  }),
  hostTree: endpoint({
    method: 'POST',
    paths: [`${J}/org/queryOrgInfoHdTree`],
    summary: 'Host units for dispatch: streets, towns and departments, grouped',
    tags,
    access: 'user',
    body: pickerTreeBody,
    response: hostTreeResponse,
  }),
  unitChildren: endpoint({
    method: 'POST',
    paths: [`${J}/sjs/querychild`],
    summary: 'Children of one unit',
    tags,
    access: 'user',
    body: unitChildrenBody,
    response: unitChildrenResponse,
  }),
  categoryTree: endpoint({
    method: 'POST',
    paths: [`${J}/lists/categoryTree`],
    summary: 'The problem-category tree (three levels; intake takes a level-3 category)',
    tags,
    access: 'user',
    body: pickerTreeBody,
    response: categoryTreeResponse,
  }),
  setCols: endpoint({
    method: 'POST',
    paths: [`${J}/cols/setCols`],
    summary: 'Store the caller list columns (at most 200) and table look under a key',
    tags,
    access: 'user',
    body: setColsBody,
    response: colsResponse,
  }),
  getCols: endpoint({
    method: 'POST',
    paths: [`${J}/cols/getCols`],
    summary: 'The caller list columns stored under a key (null when never set)',
    tags,
    access: 'user',
    body: getColsBody,
    response: colsResponse,
  }),
  similar: endpoint({
    method: 'POST',
    paths: [`${J}/similarOrder`],
    summary: 'Up to 10 orders in scope with a similar title (trigram), optionally content',
    tags,
    access: 'user',
    body: similarBody,
    response: similarResponse,
  }),
};
