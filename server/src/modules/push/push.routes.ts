import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { pushEndpoints, pushTokenOf } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { bearerToken } from '../../http/access';
import { tokenSession } from '../auth/session.service';
import type { Opener } from './connections';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import type { PushHub } from './hub';
import { bindClient } from './push.service';
import type { DeliveryTrace } from './trace';

/**
 * GET /ws (WebSocket): a client id in `init`, then heartbeats and count messages once bound.
 * The opener's access token comes as the subprotocol `bearer.<token>` (pushProtocols); its
 * session, resolved before the upgrade, is the only one that may bind the socket. A socket
 * opened without a token, or with one that no longer names a live session, still connects
 * (anonymous) but cannot be bound, and the heartbeat closes it.
 */
export function pushSocketRoute(app: FastifyInstance, ctx: AppContext, hub: PushHub): void {
  const openers = new WeakMap<FastifyRequest, Opener>();
  // Not in the OpenAPI document: a WebSocket, described in docs/api.md "Push channel".
  app.get(
    '/ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const header = request.headers['sec-websocket-protocol'];
        const token = pushTokenOf(Array.isArray(header) ? header.join(',') : header);
        const opener = token ? await tokenSession(ctx, token) : null;
        if (opener) openers.set(request, opener);
      },
    },
    (socket, request) => openSocket(hub, socket, openers.get(request) ?? null),
  );
}

function openSocket(hub: PushHub, socket: WebSocket, opener: Opener | null): void {
  const client = hub.connections.add(socket, opener);
  const answered = () => {
    client.alive = true;
  };
  socket.on('pong', answered);
  // The console sends nothing it needs answered; any frame still proves the line is alive.
  socket.on('message', answered);
  socket.on('close', () => hub.connections.remove(client));
  socket.on('error', () => hub.connections.remove(client));
  hub.connections.send(client, 'init', { clientId: client.id, heartbeatMs: hub.heartbeatMs });
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
