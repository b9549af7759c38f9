import type { FastifyInstance } from 'fastify';
import { healthEndpoints as ep, type ReadyData } from '@hotline/contract';
import { codeMessage, translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { Readiness } from './readiness';
import { RedisPing } from './redis-ping';

/**
 * GET /api/health/live and /api/health/ready (docs/operations.md "Health and metrics"): public,
 * never cached by a proxy. Readiness answers 503 naming the parts that failed.
 */
export function healthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const redisUrl = ctx.settings.redisUrl;
    const readiness = new Readiness(ctx.db, redisUrl ? new RedisPing(redisUrl) : null);
    app.addHook('onClose', async () => readiness.close());
    let wasReady = true;

    route(app, ep.live, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok({ uptimeSeconds: Math.floor(process.uptime()) }, translate('ok', request.lang));
    });

    route(app, ep.ready, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const result = await readiness.check();
      if (result.ready !== wasReady) {
        wasReady = result.ready;
        if (result.ready) app.log.info('health: ready again');
        else app.log.warn({ parts: result.parts, errors: result.details }, 'health: not ready');
      }
      if (result.ready) return ok(result.parts, translate('ok', request.lang));
      const failed = (Object.keys(result.parts) as (keyof ReadyData)[]).filter((part) =>
        result.parts[part].startsWith('error'),
      );
      void reply.status(503);
      return {
        code: 503,
        msg: `${codeMessage(503, request.lang)}: ${failed.join(', ')}`,
        data: result.parts,
      };
    });
  };
}
