import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actionIdBody, myLocksBody, myLocksResponse, unlockBody } from '@hotline/contract';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { ACTION_TAGS, actionPath } from './action-path';
import { myLocks } from './lock.service';

/**
 * Order locks: exclusive, 30 minutes after the holder's last action, breakable by an
 * administrator (force). Locking and unlocking are audited actions like any other.
 */
export function lockRoutes(app: FastifyInstance, ctx: AppContext): void {
  actionPath(app, ctx, {
    urls: ['/lock/assignLock'],
    summary: 'Lock the order for yourself (30 minutes, renewed by each action you take on it)',
    body: actionIdBody,
    request: () => ({ action: 'lock', input: {} }),
  });
  actionPath(app, ctx, {
    urls: ['/lock/assignUnlock'],
    summary: "Release your lock; an administrator may break someone else's with force 1",
    body: unlockBody,
    request: (b) => ({ action: 'unlock', input: { force: b.force ?? false } }),
  });
  app.withTypeProvider<ZodTypeProvider>().post('/Assignlock/getMyOrders', {
    schema: {
      tags: ACTION_TAGS,
      summary: 'The orders you hold locked, paged',
      body: myLocksBody,
      response: { 200: myLocksResponse },
    },
    handler: async (request) => ok(await myLocks(ctx, caller(request), request.body)),
  });
}
