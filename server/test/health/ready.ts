import type { ReadyData } from '@hotline/contract';
import { get, type Reply } from '../support/api';
import type { TestApp } from '../support/test-app';
import type { FastifyInstance } from 'fastify';

/** GET /api/health/ready, and waiting for its answer to change (results are reused ~1 s). */

export const ready = (t: TestApp | FastifyInstance) => get<ReadyData>(t, '/api/health/ready');

export async function readyUntil(
  t: TestApp | FastifyInstance,
  done: (reply: Reply<ReadyData>) => boolean,
): Promise<Reply<ReadyData>> {
  let reply = await ready(t);
  for (let i = 0; i < 100 && !done(reply); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    reply = await ready(t);
  }
  return reply;
}
