import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { PUSH_PROTOCOL } from '@hotline/contract';
import type { AppBase, AppContext } from '../../context';
import type { WorkOrderRow } from '../../db/schema';
import type { AfterCommit, OrderChange, PushPort } from '../../ports';
import { toOrderState } from '../work-orders/order-state';
import type { Connections } from './connections';
import { InProcessHub, type PushHub } from './hub';
import { pushBindRoutes, pushSocketRoute, pushTraceRoute } from './push.routes';
import { heartbeat, publishOrderChange } from './push.service';
import { RedisHub } from './redis-hub';
import { DeliveryTrace } from './trace';

export type { OrderChange, PushPort } from '../../ports';

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

/** One node's push channel, made before the node's context and handed to it. */
export interface PushChannel {
  /** What services call (ctx.push). */
  port: PushPort;
  /** runAction's after-commit hook (ctx.afterCommit): publishes every committed action. */
  afterCommit: AfterCommit;
  /** The /ws socket, POST /api/push/bind and the heartbeat, serving the finished context. */
  register(app: FastifyInstance, ctx: AppContext): Promise<void>;
  /** This node's sockets (GET /metrics counts them and times their deliveries). */
  connections: Connections;
}

/** The hub (Redis when REDIS_URL is set, in-process otherwise), its port and its hook. */
export function createPushChannel(base: AppBase, log: FastifyBaseLogger): PushChannel {
  const { settings } = base;
  const options = {
    heartbeatMs: settings.pushHeartbeatMs,
    now: base.now,
    log,
    trace: settings.pushTrace ? new DeliveryTrace() : null,
  };
  const hub: PushHub = settings.redisUrl
    ? new RedisHub(settings.redisUrl, settings.pushChannel, options)
    : new InProcessHub(options);
  const port: PushPort = {
    hub,
    orderChanged: (change) => publishOrderChange(base.db, hub, log, change),
  };
  const afterCommit: AfterCommit = (outcome) =>
    port.orderChanged({
      orderId: outcome.row.id,
      orderNum: outcome.row.order_num,
      before: outcome.before,
      after: outcome.after,
      at: outcome.event.createdAt,
    });
  return {
    port,
    afterCommit,
    register: (app, ctx) => registerPush(app, ctx, hub),
    connections: hub.connections,
  };
}

async function registerPush(app: FastifyInstance, ctx: AppContext, hub: PushHub): Promise<void> {
  if (!app.hasDecorator('websocketServer')) {
    // No compression: frames.ts writes pre-built frames straight to the sockets.
    await app.register(websocket, {
      options: {
        maxPayload: 4096,
        perMessageDeflate: false,
        // Only our own subprotocol is answered: the token one (pushProtocols) is never echoed.
        handleProtocols: (protocols) => (protocols.has(PUSH_PROTOCOL) ? PUSH_PROTOCOL : false),
      },
    });
  }
  await app.register(async (scope) => pushSocketRoute(scope, ctx, hub));
  await app.register(pushBindRoutes(ctx, hub), { prefix: '/api' });
  const trace = hub.connections.trace;
  if (trace) await app.register(async (scope) => pushTraceRoute(scope, hub, trace));

  let beating = false;
  const timer = setInterval(() => {
    if (beating) return;
    beating = true;
    heartbeat(ctx, hub)
      .catch((error: unknown) => app.log.warn({ err: error }, 'push: heartbeat failed'))
      .finally(() => {
        beating = false;
      });
  }, ctx.settings.pushHeartbeatMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await hub.close();
  });
}
