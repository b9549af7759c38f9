import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PushMessageMap, PushMessageType } from '@hotline/contract';
import type { PushRooms } from '../../ports';
import { Connections, type Binding, type OrderPush } from './connections';
import { wallClock, type DeliveryTrace } from './trace';

/**
 * The push hub: delivers a committed change's count messages to the affected rooms on every
 * node, and binds a socket wherever it lives. In-process (one node) unless REDIS_URL is set,
 * then Redis pub/sub (redis-hub.ts). Services never see sockets, only `publish` and `bind`.
 */
export interface PushHub extends PushRooms {
  readonly nodeId: string;
  readonly connections: Connections;
  readonly heartbeatMs: number;
  publish(push: OrderPush): void;
  /**
   * 'local': bound here; 'remote': handed to the other nodes (the socket's node checks its
   * opener there and ignores a bind by another session); 'unknown': nowhere to send it;
   * 'anonymous' / 'taken': the socket here was opened without a session / by another session.
   */
  bind(clientId: string, binding: Binding): BindResult;
  close(): Promise<void>;
}

export type BindResult = 'local' | 'remote' | 'unknown' | 'anonymous' | 'taken';

export interface HubOptions {
  heartbeatMs: number;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Delivery timings for the push benchmark (PUSH_TRACE=1); absent in service. */
  trace?: DeliveryTrace | null;
}

export const newNodeId = () => randomBytes(6).toString('hex');

export class InProcessHub implements PushHub {
  readonly nodeId = newNodeId();
  readonly connections: Connections;
  readonly heartbeatMs: number;

  constructor(options: HubOptions) {
    this.connections = new Connections(this.nodeId, options.now, options.trace ?? null);
    this.heartbeatMs = options.heartbeatMs;
  }

  publish(push: OrderPush): void {
    const takenAt = this.connections.trace ? wallClock() : 0;
    // After the acting request's reply: writing to thousands of sockets takes tens of
    // milliseconds the user who acted should not wait for (order is kept: FIFO).
    setImmediate(() => this.connections.deliver(push, 'origin', takenAt));
  }

  sendToRoom<K extends PushMessageType>(room: string, type: K, body: PushMessageMap[K]): void {
    this.connections.deliverToRoom(room, type, body);
  }

  endSessions(userId: number, sessionIds: readonly string[] | null): void {
    this.connections.endUserSessions(userId, sessionIds);
  }

  bind(clientId: string, binding: Binding): BindResult {
    const result = this.connections.bind(clientId, binding);
    return result === 'bound' ? 'local' : result === 'missing' ? 'unknown' : result;
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.connections.closeAll();
    return Promise.resolve();
  }
}
