import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { AppContext } from '../../context';
import type { WorkOrderRow } from '../../db/schema';
import { toOrderState } from '../work-orders/order-state';
import { InProcessHub, type PushHub } from './hub';
import { pushBindRoutes, pushSocketRoute } from './push.routes';
import { heartbeat, publishOrderChange, type OrderChange } from './push.service';
import { RedisHub } from './redis-hub';

/** What services see of the push channel: "this order changed, after commit". */
export interface PushPort {
  hub: PushHub;
  orderChanged(change: OrderChange): Promise<void>;
}

export type { OrderChange } from './push.service';

/** The change a newly created order makes (intake: self-built form, city API). */
export function newOrderChange(row: WorkOrderRow, at: Date): OrderChange {
  return {
    orderId: row.id,
    orderNum: row.order_num,
    before: null,
    after: toOrderState(row, null, null),
    at,
  };
}

/**
 * Wires the push channel into the app: the hub (Redis when REDIS_URL is set, in-process
 * otherwise) on ctx.push, runAction's afterCommit publishing every committed action, the
 * /ws socket, POST /api/push/bind and the heartbeat. A ctx that already carries a hub keeps it.
 */
export async function registerPush(app: FastifyInstance, ctx: AppContext): Promise<PushPort> {
  const { settings } = ctx;
  const options = { heartbeatMs: settings.pushHeartbeatMs, now: ctx.now, log: app.log };
  const hub: PushHub =
    ctx.push?.hub ??
    (settings.redisUrl
      ? new RedisHub(settings.redisUrl, settings.pushChannel, options)
      : new InProcessHub(options));
  const port: PushPort = {
    hub,
    orderChanged: (change) => publishOrderChange(ctx, hub, app.log, change),
  };
  ctx.push = port;
  ctx.afterCommit = (outcome) =>
    port.orderChanged({
      orderId: outcome.row.id,
      orderNum: outcome.row.order_num,
      before: outcome.before,
      after: outcome.after,
      at: outcome.event.createdAt,
    });

  if (!app.hasDecorator('websocketServer')) {
    // No compression: frames.ts writes pre-built frames straight to the sockets.
    await app.register(websocket, { options: { maxPayload: 4096, perMessageDeflate: false } });
  }
  await app.register(async (scope) => pushSocketRoute(scope, hub));
  await app.register(pushBindRoutes(ctx, hub), { prefix: '/api' });

  let beating = false;
  const timer = setInterval(() => {
    if (beating) return;
    beating = true;
    heartbeat(ctx, hub)
      .catch((error: unknown) => app.log.warn({ err: error }, 'push: heartbeat failed'))
      .finally(() => {
        beating = false;
      });
  }, settings.pushHeartbeatMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await hub.close();
  });
  return port;
}
