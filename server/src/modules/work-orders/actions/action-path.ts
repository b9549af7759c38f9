import type { FastifyInstance } from 'fastify';
import type { ActionEndpoint, EndpointBody } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { caller } from '../../../http/access';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';
import type { AuthContext } from '../../auth/auth-context';
import { presentActionReply } from './action.presenter';
import { runAction, type ActionRequest } from './action.service';

/**
 * One action path is a schema plus a mapping: the contract declares the endpoint (paths, body,
 * the `{order, abilities, detail?}` reply, access); the module says which lifecycle action its
 * body asks for. Run it, present it.
 */

/** The action a validated body asks for; may look at the caller (one path, two roles). */
export type ActionMapping<E extends ActionEndpoint> = (
  body: EndpointBody<E>,
  auth: AuthContext,
) => ActionRequest;

/** Lock and unlock change only the lock; their callers show no detail from the reply. */
const NO_DETAIL: ReadonlySet<string> = new Set(['lock', 'unlock']);

/** Registers one action endpoint under each of its paths. */
export function actionPath<E extends ActionEndpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  ep: E,
  request: ActionMapping<E>,
): void {
  route<ActionEndpoint>(app, ep, async (req) => {
    const auth = caller(req);
    // validated by `ep.body`, so it is E's body, not just the `{id}` every action body has
    const body = req.body as EndpointBody<E>;
    const step = request(body, auth);
    const outcome = await runAction(ctx, auth, req.body.id, step);
    const reply = await presentActionReply(ctx, outcome, auth, {
      detail: req.body.withDetail === true && !NO_DETAIL.has(step.action),
      log: req.log,
    });
    return ok(reply, translate('ok', req.lang));
  });
}
