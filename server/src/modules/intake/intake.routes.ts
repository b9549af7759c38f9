import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cityOrderBody, cityOrderResponse, intakeBody, intakeResponse } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { unauthorized } from '../../http/app-error';
import { ok } from '../../http/reply';
import { receiveCityOrder } from './city-intake.service';
import { findIntegration, type Integration } from './integration-keys';
import { presentIntakeOrder, presentSimilar } from './intake.presenter';
import { createSelfBuiltOrder } from './intake.service';

const tags = ['intake'];

/** The self-built order form and the city centre's push (docs/api.md "Intake and files"). */
export function intakeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/addons/jsjb/redaction/insert', {
      schema: {
        tags,
        summary: 'Self-built order form: create a work order (or merge the appeal into one)',
        body: intakeBody,
        response: { 200: intakeResponse },
      },
      handler: async (request) => {
        const result = await createSelfBuiltOrder(ctx, caller(request), request.body);
        const msg = result.mergedInto
          ? translate('intake.merged', request.lang, { orderNum: result.mergedInto })
          : translate('intake.created', request.lang);
        return ok(
          { order: presentIntakeOrder(result.order), similar: result.similar.map(presentSimilar) },
          msg,
        );
      },
    });

    // Authenticated by its own key, before the body is read: a caller without a valid key
    // learns nothing about the input rules.
    const integrations = new WeakMap<FastifyRequest, Integration>();
    r.post('/open/city/orders', {
      config: { access: 'public' },
      onRequest: async (request) => {
        const key = request.headers['x-api-key'];
        if (typeof key !== 'string' || key.trim() === '') {
          throw unauthorized('integration.keyMissing');
        }
        const integration = await findIntegration(ctx.db, key.trim());
        if (!integration) throw unauthorized('integration.keyInvalid');
        integrations.set(request, integration);
      },
      schema: {
        tags,
        summary: 'City centre pushes an order (X-Api-Key); idempotent on cityOrderNum',
        security: [],
        headers: z.object({ 'x-api-key': z.string().max(200) }),
        body: cityOrderBody,
        response: { 200: cityOrderResponse, 201: cityOrderResponse },
      },
      handler: async (request, reply) => {
        const integration = integrations.get(request);
        if (!integration) throw unauthorized('integration.keyInvalid');
        const { order, duplicate } = await receiveCityOrder(ctx, integration, request.body);
        const code = duplicate ? 200 : 201;
        const msg = translate(duplicate ? 'city.duplicate' : 'city.received', request.lang);
        void reply.status(code);
        return { code, msg, data: { order: presentIntakeOrder(order), duplicate } };
      },
    });
  };
}
