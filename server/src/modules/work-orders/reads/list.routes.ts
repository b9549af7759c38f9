import type { FastifyInstance } from 'fastify';
import { callerHistoryEndpoints, listEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { caller } from '../../../http/access';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';
import { callerHistory } from './caller-history.service';
import { queueCounts } from './count.service';
import { countedQueues, readerFor, typeIdsFor } from './list-access';
import { approvalList, extensionRequests } from './list-approve';
import { noticeList } from './list-notice';
import { listOrders, overdueWhere } from './list.service';

/** Sources beyond the case list's default (grid, leader, proactive): District/getOrderListOther. */
const OTHER_SOURCES = [8, 9, 10];

/** The queue lists, counts and notices (docs/api.md "Work-order lists and counts"). */
export function listRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const list of [ep.search, ep.searchEs, ep.townLists, ep.townListsEs]) {
    route(app, list, async (request) =>
      ok(await listOrders(ctx, caller(request), request.body), translate('ok', request.lang)),
    );
  }
  route(app, callerHistoryEndpoints.callerHistory, async (request) =>
    ok(await callerHistory(ctx, caller(request), request.body), translate('ok', request.lang)),
  );
  route(app, ep.assignList, async (request) => {
    const body = { ...request.body, menuId: 'qu_dfp' };
    return ok(await listOrders(ctx, caller(request), body), translate('ok', request.lang));
  });
  route(app, ep.overdue, async (request) => {
    // overdue orders are work to chase, whatever their source
    const extra = [overdueWhere(ctx.now())];
    const page = await listOrders(ctx, caller(request), request.body, extra, 'work');
    return ok(page, translate('ok', request.lang));
  });
  route(app, ep.otherSources, async (request) => {
    const body = { ...request.body, typeId: request.body.typeId ?? OTHER_SOURCES };
    return ok(await listOrders(ctx, caller(request), body), translate('ok', request.lang));
  });
  route(app, ep.approvals, async (request) =>
    ok(await approvalList(ctx, caller(request), request.body), translate('ok', request.lang)),
  );
  route(app, ep.extensionRequests, async (request) =>
    ok(await extensionRequests(ctx, caller(request), request.body), translate('ok', request.lang)),
  );
  route(app, ep.counts, async (request) => {
    const reader = await readerFor(ctx, caller(request));
    const types = typeIdsFor(reader, request.body.typeId, 'queue');
    const counts = await queueCounts(ctx, reader, countedQueues(reader), types);
    return ok({ counts }, translate('ok', request.lang));
  });
  route(app, ep.notices, async (request) => {
    const list = await noticeList(ctx, caller(request), request.body.pageSize, request.lang);
    return ok({ list }, translate('ok', request.lang));
  });
}
