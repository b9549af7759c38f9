import type { FastifyInstance } from 'fastify';
import { actionEndpoints as ep } from '@hotline/contract';
import type { AppContext } from '../../../context';
import { caller } from '../../../http/access';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';
import { actionPath } from '../actions/action-path';
import { myLocks } from './lock.service';

/**
 * Order locks: exclusive, 30 minutes after the holder's last action, breakable by an
 * administrator (force). Locking and unlocking are audited actions like any other.
 */
export function lockRoutes(app: FastifyInstance, ctx: AppContext): void {
  actionPath(app, ctx, ep.lock, () => ({ action: 'lock', input: {} }));
  actionPath(app, ctx, ep.unlock, (b) => ({
    action: 'unlock',
    input: { force: b.force ?? false },
  }));
  route(app, ep.myLocks, async (request) => ok(await myLocks(ctx, caller(request), request.body)));
}
