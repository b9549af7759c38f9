import type { FastifyInstance, FastifyRequest } from 'fastify';
import { intakeEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { unauthorized } from '../../http/app-error';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { receiveCityOrder } from './city-intake.service';
import { findIntegration, type Integration } from './integration-keys';
import { presentIntakeOrder, presentSimilar } from './intake.presenter';
import { createSelfBuiltOrder } from './intake.service';

/** The self-built order form and the city centre's push (docs/api.md "Intake and files"). */
export function intakeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.createOrder, async (request) => {
      const result = await createSelfBuiltOrder(ctx, caller(request), request.body);
      const msg = result.mergedInto
        ? translate('intake.merged', request.lang, { orderNum: result.mergedInto })
        : translate('intake.created', request.lang);
      return ok(
        { order: presentIntakeOrder(result.order), similar: result.similar.map(presentSimilar) },
        msg,
      );
    });
    await app.register(cityRoutes(ctx));
  };
}

/**
 * The city centre's push, in a scope of its own: it is authenticated by its own key, before
 * the body is read, so a caller without a valid key learns nothing about the input rules.
 */
function cityRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const integrations = new WeakMap<FastifyRequest, Integration>();
    app.addHook('onRequest', async (request) => {
      const key = request.headers['x-api-key'];
      if (typeof key !== 'string' || key.trim() === '')
        throw unauthorized('integration.keyMissing');
      const integration = await findIntegration(ctx.db, key.trim());
      if (!integration) throw unauthorized('integration.keyInvalid');
      integrations.set(request, integration);
    });
    route(app, ep.cityOrder, async (request, reply) => {
      const integration = integrations.get(request);
      if (!integration) throw unauthorized('integration.keyInvalid');
      const { order, duplicate } = await receiveCityOrder(ctx, integration, request.body);
      const code = duplicate ? 200 : 201;
      const msg = translate(duplicate ? 'city.duplicate' : 'city.received', request.lang);
      void reply.status(code);
      return { code, msg, data: { order: presentIntakeOrder(order), duplicate } };
    });
  };
}
