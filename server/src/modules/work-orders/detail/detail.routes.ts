import type { FastifyInstance } from 'fastify';
import { detailEndpoints as ep, listEndpoints } from '@hotline/contract';
import { ORDER_NATURES, URGENCIES, translate } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { caller } from '../../../http/access';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';
import { orderDetail } from './detail.service';
import { readableSummary, similarTo, usedAttributes } from './detail-reads';

export function detailRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ep.detail, async (request) =>
    ok(await orderDetail(ctx, caller(request), request.body.id), translate('ok', request.lang)),
  );
  route(app, listEndpoints.similar, async (request) => {
    const list = await similarTo(ctx, caller(request), request.body);
    return ok({ list }, translate('ok', request.lang));
  });
  route(app, ep.resultInfo, async (request) => {
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
  });
  route(app, ep.cityState, async (request) => {
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
  });
  route(app, ep.attributes, async (request) => {
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
  });
}
