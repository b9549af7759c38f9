import { Redis } from 'ioredis';
import type { PushMessageMap, PushMessageType } from '@hotline/contract';
import { Connections, type Binding, type OrderPush } from './connections';
import { newNodeId, type BindResult, type HubOptions, type PushHub } from './hub';
import { wallClock } from './trace';

/**
 * Fan-out across nodes through Redis pub/sub. A publish is sent on the channel for the other
 * nodes (each skips what it sent itself) and then delivered to this node's sockets. Redis is
 * an accelerator, not a dependency: while it is gone this node keeps serving its own clients
 * (publishes are dropped, not queued, so nothing arrives late and out of order), logs the
 * loss once, and when Redis returns tells its clients to re-read their counts (what other
 * nodes did in between never reached them) and fans out again. ioredis reconnects and
 * re-subscribes by itself.
 */

type Wire =
  | { origin: string; kind: 'push'; push: OrderPush }
  | { origin: string; kind: 'room'; room: string; type: PushMessageType; body: unknown }
  | { origin: string; kind: 'end'; userId: number; sessionIds: string[] | null }
  | {
      origin: string;
      kind: 'bind';
      clientId: string;
      binding: Omit<Binding, 'sessionEndsAt'> & { sessionEndsAt: string };
    };

const RETRY = (times: number) => Math.min(times * 200, 2000);

export class RedisHub implements PushHub {
  readonly nodeId = newNodeId();
  readonly connections: Connections;
  readonly heartbeatMs: number;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly subscribed: Promise<void>;
  private lost = false;
  private closing = false;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly options: HubOptions,
  ) {
    this.connections = new Connections(this.nodeId, options.now, options.trace ?? null);
    this.heartbeatMs = options.heartbeatMs;
    // The publisher never queues while disconnected: a late badge is worse than a missed one
    // (the console re-reads its counts on `resync`).
    this.pub = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: RETRY,
    });
    this.sub = new Redis(url, { retryStrategy: RETRY, maxRetriesPerRequest: null });
    for (const [name, conn] of [
      ['publisher', this.pub],
      ['subscriber', this.sub],
    ] as const) {
      conn.on('error', (error: Error) => this.onLost(name, error));
      conn.on('close', () => this.onLost(name));
      conn.on('ready', () => this.onReady());
    }
    this.sub.on('message', (_channel: string, message: string) => this.onMessage(message));
    this.subscribed = this.sub.subscribe(this.channel).then(() => undefined);
    this.subscribed.catch((error: unknown) =>
      options.log.warn({ err: error }, 'push: subscribing to redis failed'),
    );
  }

  get redisUp(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  publish(push: OrderPush): void {
    const takenAt = this.connections.trace ? wallClock() : 0;
    // The other nodes first: their share is on its way while this node writes to its own
    // sockets (local delivery of thousands of frames takes tens of milliseconds).
    this.send({ origin: this.nodeId, kind: 'push', push });
    // This node's own sockets after the acting request's reply (see InProcessHub.publish).
    setImmediate(() => this.connections.deliver(push, 'origin', takenAt));
  }

  sendToRoom<K extends PushMessageType>(room: string, type: K, body: PushMessageMap[K]): void {
    this.send({ origin: this.nodeId, kind: 'room', room, type, body });
    this.connections.deliverToRoom(room, type, body);
  }

  endSessions(userId: number, sessionIds: readonly string[] | null): void {
    this.send({
      origin: this.nodeId,
      kind: 'end',
      userId,
      sessionIds: sessionIds && [...sessionIds],
    });
    this.connections.endUserSessions(userId, sessionIds);
  }

  bind(clientId: string, binding: Binding): BindResult {
    const here = this.connections.bind(clientId, binding);
    if (here === 'bound') return 'local';
    if (here !== 'missing') return here;
    // Client ids start with the node id: one from this node that is gone is gone.
    if (clientId.startsWith(`${this.nodeId}.`) || !this.redisUp) return 'unknown';
    const wire = { ...binding, sessionEndsAt: binding.sessionEndsAt.toISOString() };
    this.send({ origin: this.nodeId, kind: 'bind', clientId, binding: wire });
    return 'remote';
  }

  async ready(): Promise<void> {
    await this.subscribed;
    if (this.pub.status !== 'ready') {
      await new Promise<void>((resolve) => this.pub.once('ready', () => resolve()));
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.connections.closeAll();
    // disconnect, not quit: quit waits for a reply a lost Redis never sends.
    this.pub.disconnect();
    this.sub.disconnect();
    await Promise.resolve();
  }

  private send(wire: Wire): void {
    if (!this.redisUp) return;
    this.pub.publish(this.channel, JSON.stringify(wire)).catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'push: redis publish failed');
    });
  }

  private onMessage(message: string): void {
    const takenAt = this.connections.trace ? wallClock() : 0;
    let wire: Wire;
    try {
      wire = JSON.parse(message) as Wire;
    } catch {
      return;
    }
    if (wire.origin === this.nodeId) return;
    if (wire.kind === 'push') this.connections.deliver(wire.push, 'relay', takenAt);
    else if (wire.kind === 'room') {
      // Sent by a node of the same build: the body has the shape of its type.
      this.connections.deliverToRoom(
        wire.room,
        wire.type,
        wire.body as PushMessageMap[PushMessageType],
      );
    } else if (wire.kind === 'end') {
      this.connections.endUserSessions(wire.userId, wire.sessionIds);
    } else if (wire.kind === 'bind' && wire.clientId.startsWith(`${this.nodeId}.`)) {
      // Only the socket's opener session binds it (connections.bind refuses anyone else,
      // silently here: the caller was answered 'remote' already).
      this.connections.bind(wire.clientId, {
        ...wire.binding,
        sessionEndsAt: new Date(wire.binding.sessionEndsAt),
      });
    }
  }

  private onLost(which: string, error?: Error): void {
    if (this.closing || this.lost) return;
    this.lost = true;
    this.options.log.warn(
      { err: error, which },
      'push: redis lost; serving this node’s clients only until it returns',
    );
  }

  private onReady(): void {
    if (!this.lost || !this.redisUp) return;
    this.lost = false;
    this.options.log.info('push: redis is back; fan-out resumed, clients told to re-read counts');
    this.connections.resyncAll('fan-out resumed');
  }
}
