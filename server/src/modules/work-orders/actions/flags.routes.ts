import type { FastifyInstance } from 'fastify';
import { actionEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { caller } from '../../../http/access';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';
import { superviseMany } from './action-batch';
import { actionPath } from './action-path';

/**
 * Supervision, key appeals, the caller's texts, merging, and the requests that need approval.
 */
export function flagRoutes(app: FastifyInstance, ctx: AppContext): void {
  actionPath(app, ctx, ep.supervise, (b) => ({
    action: 'supervise',
    input: { comment: b.comment },
  }));
  route(app, ep.batchSupervise, async (request) => {
    const { ids, comment } = request.body;
    const { succeeded, refused } = await superviseMany(ctx, caller(request), ids, comment);
    const lang = request.lang;
    return ok(
      {
        succeeded,
        refused: refused.map((r) => ({
          id: r.id,
          code: r.code,
          msg: translate(r.key, lang, r.params),
        })),
      },
      translate('ok', lang),
    );
  });
  actionPath(app, ctx, ep.keyAppeal, (b) => ({
    action: 'key_appeal',
    input: { on: b.on, comment: b.comment },
  }));
  actionPath(app, ctx, ep.smsOptOut, (b) =>
    b.optOut
      ? { action: 'sms_opt_out', input: { comment: b.comment } }
      : { action: 'sms_opt_in', input: { comment: b.comment } },
  );
  actionPath(app, ctx, ep.merge, (b) => ({
    action: 'merge',
    input: { intoId: b.intoId, comment: b.comment },
  }));
  actionPath(app, ctx, ep.applyExclusion, (b) => ({
    action: 'apply_exclusion',
    input: { tichuType: b.tichuType, reason: b.reason },
  }));
  actionPath(app, ctx, ep.applyExtension, (b) => ({
    action: 'apply_extension',
    input: { hours: b.hours, reason: b.reason },
  }));
}
