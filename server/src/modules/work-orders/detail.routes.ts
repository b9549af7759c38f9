import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  detailResponse,
  envelope,
  orderIdBody,
  similarBody,
  similarResponse,
} from '@hotline/contract';
import { ORDER_NATURES, URGENCIES, translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { orderDetail } from './detail.service';
import { READ_TAGS } from './list-access';
import { readableSummary, similarTo, usedAttributes } from './detail-reads';

export const resultInfoResponse = envelope(
  z.object({
    id: z.number().int(),
    orderNum: z.string(),
    status: z.number().int(),
    hostUnitId: z.number().int().nullable(),
    organizerName: z.string(),
    replyTime: z.string().nullable(),
    replyContent: z.string().nullable(),
    replyContacted: z.boolean().nullable(),
    replyResolved: z.boolean().nullable(),
    visitTime: z.string().nullable(),
    visitResult: z.string().nullable(),
    visitRemark: z.string().nullable(),
  }),
);
export const cityStateResponse = envelope(
  z.object({
    id: z.number().int(),
    orderNum: z.string(),
    status: z.number().int(),
    mainOrgStatus: z.number().int(),
    needReviewStatus: z.number().int().nullable(),
    cityReplyTime: z.string().nullable(),
    closedTime: z.string().nullable(),
  }),
);
export const attributesResponse = envelope(
  z.object({
    orderNatures: z.array(z.string()),
    urgencies: z.array(z.string()),
    riskLevels: z.array(z.number().int()),
    labels: z.array(z.string()),
    sevenFiveCategories: z.array(z.string()),
  }),
);

export function detailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/lists/detail', '/detail']) {
    r.post(url, {
      schema: {
        tags: READ_TAGS,
        summary: 'One order: fields, timeline, files, requests, visits, similar, lock, abilities',
        body: orderIdBody,
        response: { 200: detailResponse },
      },
      handler: async (request) =>
        ok(await orderDetail(ctx, caller(request), request.body.id), translate('ok', request.lang)),
    });
  }
  r.post('/similarOrder', {
    schema: {
      tags: READ_TAGS,
      summary: 'Up to 10 orders in scope with a similar title (trigram), optionally content',
      body: similarBody,
      response: { 200: similarResponse },
    },
    handler: async (request) => {
      const list = await similarTo(ctx, caller(request), request.body);
      return ok({ list }, translate('ok', request.lang));
    },
  });
  r.post('/district/queryResultInfo', {
    schema: {
      tags: READ_TAGS,
      summary: 'The handling result of one order (reply and visit)',
      body: orderIdBody,
      response: { 200: resultInfoResponse },
    },
    handler: async (request) => {
      const o = await readableSummary(ctx, caller(request), request.body.id);
      return ok(
        {
          id: o.id,
          orderNum: o.orderNum,
          status: o.status,
          hostUnitId: o.hostUnitId,
          organizerName: o.organizerName,
          replyTime: o.replyTime,
          replyContent: o.replyContent,
          replyContacted: o.replyContacted,
          replyResolved: o.replyResolved,
          visitTime: o.visitTime,
          visitResult: o.visitResult,
          visitRemark: o.visitRemark,
        },
        translate('ok', request.lang),
      );
    },
  });
  r.post('/town/cityShen', {
    schema: {
      tags: READ_TAGS,
      summary: 'Where one order stands with the city: status codes, city reply and close times',
      body: orderIdBody,
      response: { 200: cityStateResponse },
    },
    handler: async (request) => {
      const o = await readableSummary(ctx, caller(request), request.body.id);
      return ok(
        {
          id: o.id,
          orderNum: o.orderNum,
          status: o.status,
          mainOrgStatus: o.mainOrgStatus,
          needReviewStatus: o.needReviewStatus,
          cityReplyTime: o.cityReplyTime,
          closedTime: o.closedTime,
        },
        translate('ok', request.lang),
      );
    },
  });
  r.post('/Mtgdy/attributeList', {
    schema: {
      tags: READ_TAGS,
      summary: 'Order attribute vocabularies: natures, urgencies, risk levels, labels in use',
      response: { 200: attributesResponse },
    },
    handler: async (request) => {
      const used = await usedAttributes(ctx.db, ctx.now());
      return ok(
        {
          orderNatures: [...ORDER_NATURES],
          urgencies: [...URGENCIES],
          riskLevels: [0, 1, 2, 3],
          ...used,
        },
        translate('ok', request.lang),
      );
    },
  });
}
