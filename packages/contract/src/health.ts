import { z } from 'zod';
import { envelope } from './common';
import { endpoint } from './endpoint';

/**
 * Health checks for load balancers and orchestrators (docs/operations.md, "Health and
 * metrics"): no authentication, cheap enough to call every second. Liveness says the process
 * answers; readiness says this node can serve — its database answers, every migration the
 * server ships is applied, and Redis answers when REDIS_URL is set.
 */

/** One part's state: `ok`, `not configured` (Redis without REDIS_URL) or `error: <reason>`. */
export const healthPartState = z.string();

export const HEALTH_OK = 'ok';
export const HEALTH_NOT_CONFIGURED = 'not configured';

export const liveResponse = envelope(
  z.object({ uptimeSeconds: z.number().nonnegative() }).describe('the process answers'),
);

export const readyData = z.object({
  database: healthPartState.describe('`ok`, or `error: …` when a trivial query fails'),
  migrations: healthPartState.describe('`ok`, or `error: …` naming the migrations not applied'),
  redis: healthPartState.describe('`ok`, `not configured`, or `error: …` when PING fails'),
});
export type ReadyData = z.infer<typeof readyData>;
/** 200 when every part is `ok` (or not configured); 503 with the same data otherwise. */
export const readyResponse = envelope(readyData);

export const healthEndpoints = {
  live: endpoint({
    method: 'GET',
    paths: ['/health/live'],
    summary: 'Liveness: the process is up',
    tags: ['health'],
    access: 'public',
    response: liveResponse,
  }),
  ready: endpoint({
    method: 'GET',
    paths: ['/health/ready'],
    summary: 'Readiness: database, migrations and Redis (503 names the part that failed)',
    description:
      'Checked at most once a second per node; callers within that second get the last result.',
    tags: ['health'],
    access: 'public',
    response: readyResponse,
    alsoStatuses: [503],
  }),
};
