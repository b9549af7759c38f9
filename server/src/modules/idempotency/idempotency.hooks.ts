import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { translate } from '@hotline/domain';
import { AppError, badRequest } from '../../http/app-error';
import * as repo from './idempotency.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint honours `Idempotency-Key` (the declaration's `idempotent`). */
    idempotent?: boolean | 'secret';
  }
  interface FastifyRequest {
    idempotency: repo.KeyRef | null;
  }
}

/** How long a key's answer is kept and replayed. */
export const KEY_TTL_MS = 24 * 3600_000;
/** An unanswered claim older than this is taken to be from a stopped node and run again. */
export const ABANDONED_MS = 60_000;
/** How long a retry waits for the first request with its key to answer. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function principalOf(request: FastifyRequest): string | null {
  if (request.auth) return `u:${request.auth.userId}`;
  const apiKey = request.headers['x-api-key'];
  return typeof apiKey === 'string' && apiKey !== '' ? `k:${sha256(apiKey)}` : null;
}

/**
 * `Idempotency-Key` on the endpoints declared `idempotent` (the create endpoints): the first
 * request with a key runs and its answer (any status below 500) is kept for 24 hours; a retry
 * of the same request by the same caller (user, or integration key) gets that answer again,
 * with `Idempotent-Replayed: true`, and changes nothing; a retry while the first still runs
 * waits for its answer. The same key with another body or endpoint is a 422; a 5xx answer
 * frees the key. An endpoint declared `idempotent: 'secret'` answers with a secret shown once:
 * its answer is not kept, a retry gets 409 `idempotency.done` (in the language of the first
 * request). Requests without the header are not affected.
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.idempotent) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) throw badRequest('idempotency.badKey');
    const principal = principalOf(request);
    if (!principal) return;
    const ref = { principal, key };
    const endpoint = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const hash = sha256(`${endpoint}\n${JSON.stringify(request.body ?? null)}`);
    const now = ctx.now();
    await repo.sweep(ctx.db, new Date(now.getTime() - KEY_TTL_MS));
    if (await repo.claim(ctx.db, ref, endpoint, hash, now)) {
      request.idempotency = ref;
      return;
    }
    return answerRetry(ctx, request, reply, ref, endpoint, hash);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const ref = request.idempotency;
    if (!ref) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 500 || typeof payload !== 'string') await repo.release(ctx.db, ref);
    else if (request.routeOptions.config?.idempotent === 'secret' && reply.statusCode < 300) {
      // The answer is not kept: what a retry gets instead.
      const done = { code: 409, msg: translate('idempotency.done', request.lang), data: null };
      await repo.saveAnswer(ctx.db, ref, 409, JSON.stringify(done));
    } else await repo.saveAnswer(ctx.db, ref, reply.statusCode, payload);
    return payload;
  });
}

async function answerRetry(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  ref: repo.KeyRef,
  endpoint: string,
  hash: string,
): Promise<FastifyReply | undefined> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const row = await repo.find(ctx.db, ref);
    if (!row) {
      // The first request failed with a 5xx and freed the key: this one runs.
      if (await repo.claim(ctx.db, ref, endpoint, hash, ctx.now())) {
        request.idempotency = ref;
        return undefined;
      }
      continue;
    }
    if (row.endpoint !== endpoint || row.request_hash !== hash)
      throw new AppError(422, 'idempotency.mismatch');
    if (row.status !== null && row.response !== null) {
      return reply
        .code(row.status)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(row.response);
    }
    const claimedAt = new Date(row.created_at);
    if (ctx.now().getTime() - claimedAt.getTime() > ABANDONED_MS) {
      if (await repo.takeOver(ctx.db, ref, claimedAt, ctx.now())) {
        request.idempotency = ref;
        return undefined;
      }
      continue;
    }
    if (Date.now() > deadline) throw new AppError(409, 'idempotency.inProgress');
    await sleep(POLL_MS);
  }
}
