import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
} from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { colsRoutes } from './cols.routes';
import { queueCounts } from './count.service';
import { detailRoutes } from './detail.routes';
import { READ_TAGS, readerFor, typeIdsFor } from './list-access';
import { approvalList, extensionRequests } from './list-approve';
import { noticeList } from './list-notice';
import { listOrders, overdueWhere } from './list.service';
import { orgTreeRoutes } from './org-tree.routes';

/** Sources beyond the case list's default (grid, leader, proactive): District/getOrderListOther. */
const OTHER_SOURCES = [8, 9, 10];

function listRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lists: readonly { url: string; summary: string }[] = [
    { url: '/lists/search', summary: 'Orders in the caller scope: queue (menuId), filters, text' },
    { url: '/lists/searchEs', summary: 'Same as lists/search (district search)' },
    { url: '/town/lists', summary: 'Same as lists/search (street, town, department lists)' },
    { url: '/town/listsEs', summary: 'Same as lists/search (street, town, department search)' },
  ];
  for (const { url, summary } of lists) {
    r.post(url, {
      schema: { tags: READ_TAGS, summary, body: listBody, response: { 200: listResponse } },
      handler: async (request) =>
        ok(await listOrders(ctx, caller(request), request.body), translate('ok', request.lang)),
    });
  }
  r.post('/Approve/assignList', {
    schema: {
      tags: READ_TAGS,
      summary: 'Orders waiting for dispatch or re-dispatch (queue qu_dfp)',
      body: listBody,
      response: { 200: listResponse },
    },
    handler: async (request) => {
      const body = { ...request.body, menuId: 'qu_dfp' };
      return ok(await listOrders(ctx, caller(request), body), translate('ok', request.lang));
    },
  });
  r.post('/District/overOrderListOther', {
    schema: {
      tags: READ_TAGS,
      summary: 'Overdue orders: host still pending or handling, deadline passed',
      body: listBody,
      response: { 200: listResponse },
    },
    handler: async (request) => {
      const page = await listOrders(ctx, caller(request), request.body, [overdueWhere(ctx.now())]);
      return ok(page, translate('ok', request.lang));
    },
  });
  r.post('/District/getOrderListOther', {
    schema: {
      tags: READ_TAGS,
      summary: 'Orders of the other sources (typeId 8, 9, 10 unless given); needs /ddw_button_role',
      body: listBody,
      response: { 200: listResponse },
    },
    handler: async (request) => {
      const body = { ...request.body, typeId: request.body.typeId ?? OTHER_SOURCES };
      return ok(await listOrders(ctx, caller(request), body), translate('ok', request.lang));
    },
  });
  r.post('/Approve/showList', {
    schema: {
      tags: READ_TAGS,
      summary: 'Orders with a pending extension or exclusion request (kind filters)',
      body: approvalListBody,
      response: { 200: approvalListResponse },
    },
    handler: async (request) =>
      ok(await approvalList(ctx, caller(request), request.body), translate('ok', request.lang)),
  });
  r.post('/Approve/approvalExtraQuery', {
    schema: {
      tags: READ_TAGS,
      summary: 'Pending extension requests: hours, reason, requester, order',
      body: listBody,
      response: { 200: extensionListResponse },
    },
    handler: async (request) =>
      ok(
        await extensionRequests(ctx, caller(request), request.body),
        translate('ok', request.lang),
      ),
  });
  r.post('/lists/counts', {
    schema: {
      tags: READ_TAGS,
      summary: 'Counts of all the caller queues in one call: {counts: {menuId: n}}',
      body: countsBody,
      response: { 200: countsResponse },
    },
    handler: async (request) => {
      const reader = await readerFor(ctx, caller(request));
      const types = typeIdsFor(reader, request.body.typeId);
      const counts = await queueCounts(ctx, reader, reader.queues, types);
      return ok({ counts }, translate('ok', request.lang));
    },
  });
  r.post('/notice/list', {
    schema: {
      tags: READ_TAGS,
      summary: 'Orders that entered one of the caller queues in the last 7 days, newest first',
      body: noticeListBody,
      response: { 200: noticeListResponse },
    },
    handler: async (request) => {
      const list = await noticeList(ctx, caller(request), request.body.pageSize, request.lang);
      return ok({ list }, translate('ok', request.lang));
    },
  });
}

export function workOrderReadRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(
      async (jsjb) => {
        listRoutes(jsjb, ctx);
        detailRoutes(jsjb, ctx);
        orgTreeRoutes(jsjb, ctx);
        colsRoutes(jsjb, ctx);
      },
      { prefix: '/addons/jsjb' },
    );
    // The spec also names this copy of the overdue list outside /addons/jsjb.
    app.withTypeProvider<ZodTypeProvider>().post('/addons/code/code/overOrderListOther', {
      schema: {
        tags: READ_TAGS,
        summary: 'Same as District/overOrderListOther',
        body: listBody,
        response: { 200: listResponse },
      },
      handler: async (request) => {
        const page = await listOrders(ctx, caller(request), request.body, [
          overdueWhere(ctx.now()),
        ]);
        return ok(page, translate('ok', request.lang));
      },
    });
  };
}
