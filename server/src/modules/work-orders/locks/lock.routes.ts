import type { FastifyInstance } from 'fastify';
import { actionEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { caller } from '../../../http/access';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';
import { requestActor } from '../../audit';
import { actionPath } from '../actions/action-path';
import { presentActionReply } from '../actions/action.presenter';
import { myLocks, unlockOrder } from './lock.service';

/**
 * Order locks: exclusive, 30 minutes after the holder's last action, breakable by an
 * administrator (force, with a reason, in the audit log). Locking and unlocking are actions
 * like any other, with their event in the order's trail.
 */
export function lockRoutes(app: FastifyInstance, ctx: AppContext): void {
  actionPath(app, ctx, ep.lock, () => ({ action: 'lock', input: {} }));
  route(app, ep.unlock, async (request) => {
    const auth = caller(request);
    const { id, force, reason } = request.body;
    const outcome = await unlockOrder(
      ctx,
      auth,
      id,
      { force: force ?? false, reason },
      requestActor(request),
    );
    // Unlocking changes only the lock: the console shows no detail from the reply.
    const reply = await presentActionReply(ctx, outcome, auth, { detail: false, log: request.log });
    return ok(reply, translate('ok', request.lang));
  });
  route(app, ep.myLocks, async (request) => ok(await myLocks(ctx, caller(request), request.body)));
}
