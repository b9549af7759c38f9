import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { codeMessage } from '@hotline/domain';
import type { AppContext } from '../../context';
import { databaseProbe } from '../../db/connect';
import { exportJobCounts } from '../exports/export-jobs';
import type { Connections } from '../push/connections';
import { defineAppMetrics } from './app-metrics';
import { metricsAccess } from './metrics-access';
import { processMetrics } from './process-metrics';

/** The route label of requests no route matched (404s): one series, not one per URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * GET /metrics in the Prometheus text format (docs/operations.md "Health and metrics"): this
 * node's request, database, push and export metrics plus the process's default ones. Call it
 * on the root instance before the routes are registered: its hook times every request.
 */
export function registerMetrics(
  app: FastifyInstance,
  ctx: AppContext,
  connections: Connections,
): void {
  const registry = new Registry();
  const probe = databaseProbe(ctx.db);
  const metrics = defineAppMetrics(registry, {
    pool: probe?.pool,
    connections,
    exportJobs: exportJobCounts(ctx),
  });
  const merged = Registry.merge([processMetrics(), registry]);

  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const onQuery = (ms: number, failed: boolean) =>
    metrics.queryDuration.observe({ outcome: failed ? 'error' : 'ok' }, ms / 1000);
  probe?.queryListeners.add(onQuery);
  connections.onDelivered = (ms) => metrics.pushDelivery.observe(Math.max(0, ms) / 1000);
  app.addHook('onClose', async () => {
    probe?.queryListeners.delete(onQuery);
    connections.onDelivered = null;
  });

  // Not in the OpenAPI document: not an /api endpoint and not JSON (docs/operations.md).
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(request, ctx.settings.metricsToken);
    if (access !== 'ok') {
      const code = access === 'unauthorized' ? 401 : 403;
      if (code === 401) void reply.header('www-authenticate', 'Bearer');
      return reply.status(code).send({ code, msg: codeMessage(code, request.lang), data: null });
    }
    void reply.header('content-type', merged.contentType).header('cache-control', 'no-store');
    return merged.metrics();
  });
}
