import type { FastifyInstance } from 'fastify';
import { pushEndpoints } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { bearerToken } from '../../http/access';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import type { PushHub } from './hub';
import { bindClient } from './push.service';
import type { DeliveryTrace } from './trace';

/** GET /ws (WebSocket): a client id in `init`, then heartbeats and count messages once bound. */
export function pushSocketRoute(app: FastifyInstance, hub: PushHub): void {
  // Not in the OpenAPI document: a WebSocket, described in docs/api.md "Push channel".
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => {
    const client = hub.connections.add(socket);
    const answered = () => {
      client.alive = true;
    };
    socket.on('pong', answered);
    // The console sends nothing it needs answered; any frame still proves the line is alive.
    socket.on('message', answered);
    socket.on('close', () => hub.connections.remove(client));
    socket.on('error', () => hub.connections.remove(client));
    hub.connections.send(client, 'init', { clientId: client.id, heartbeatMs: hub.heartbeatMs });
  });
}

/** POST /api/push/bind {clientId}: authenticated by the bearer token (checked in the service). */
export function pushBindRoutes(ctx: AppContext, hub: PushHub) {
  return async (app: FastifyInstance) => {
    route(app, pushEndpoints.bind, async (request) => {
      const token = bearerToken(request);
      const data = await bindClient(ctx, hub, token, request.body.clientId, request.lang);
      return ok(data, translate('ok', request.lang));
    });
  };
}

/**
 * GET /api/push/trace: this node's recent delivery timings (trace.ts), to any signed-in user.
 * Registered only when PUSH_TRACE=1 — for the push benchmark, never in service; not in the
 * OpenAPI document.
 */
export function pushTraceRoute(app: FastifyInstance, hub: PushHub, trace: DeliveryTrace): void {
  app.get('/api/push/trace', { schema: { hide: true } }, async () =>
    ok({ nodeId: hub.nodeId, sockets: hub.connections.size, deliveries: trace.list() }),
  );
}
