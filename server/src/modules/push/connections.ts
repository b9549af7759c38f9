import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { PUSH_CLOSE, type PushMessageMap, type PushMessageType } from '@hotline/contract';
import { noticeText, type Lang } from '@hotline/domain';
import { Frame } from './frames';

/**
 * The sockets of THIS node: client ids, what each is bound to, and rooms → sockets. Nothing
 * here knows about other nodes; the hub (hub.ts, redis-hub.ts) decides what arrives here.
 */

export interface Binding {
  userId: number;
  sessionId: string;
  /** The session's absolute end: after it the connection is closed, never served. */
  sessionEndsAt: Date;
  rooms: string[];
  lang: Lang;
}

export interface RoomDelta {
  room: string;
  menuId: string;
  action: 'add' | 'sub';
}

/** What one committed change sends: its deltas and the order a notice names. */
export interface OrderPush {
  orderId: number;
  orderNum: string;
  /** Commit time, ms since the epoch. */
  at: number;
  deltas: RoomDelta[];
}

export interface Client {
  id: string;
  socket: WebSocket;
  binding: Binding | null;
  /** Answered since the last heartbeat (pong or any frame). */
  alive: boolean;
  /** Heartbeats passed without a bind. */
  unboundTicks: number;
}

function countMessage(push: OrderPush, delta: RoomDelta, lang: Lang): PushMessageMap['count'] {
  const msg = delta.action === 'add' ? noticeText(delta.menuId, lang) : null;
  return {
    menuId: delta.menuId,
    action: delta.action,
    num: 1,
    at: push.at,
    ...(msg
      ? { notice: { msg, orderNum: push.orderNum, assignId: push.orderId, menuId: delta.menuId } }
      : {}),
  };
}

export class Connections {
  private readonly clients = new Map<string, Client>();
  private readonly rooms = new Map<string, Set<Client>>();

  constructor(
    readonly nodeId: string,
    private readonly now: () => Date,
  ) {}

  get size(): number {
    return this.clients.size;
  }

  /** A new socket: it gets a client id (node id first, so any node can tell where it lives). */
  add(socket: WebSocket): Client {
    const id = `${this.nodeId}.${randomBytes(12).toString('base64url')}`;
    const client: Client = { id, socket, binding: null, alive: true, unboundTicks: 0 };
    this.clients.set(id, client);
    return client;
  }

  remove(client: Client): void {
    this.clients.delete(client.id);
    this.leaveRooms(client);
  }

  has(clientId: string): boolean {
    return this.clients.has(clientId);
  }

  /** Joins the client to the binding's rooms (replacing an earlier bind); false if not here. */
  bind(clientId: string, binding: Binding): boolean {
    const client = this.clients.get(clientId);
    if (!client) return false;
    this.leaveRooms(client);
    client.binding = binding;
    for (const room of binding.rooms) {
      let set = this.rooms.get(room);
      if (!set) this.rooms.set(room, (set = new Set()));
      set.add(client);
    }
    this.send(client, 'bound', { rooms: binding.rooms.length });
    return true;
  }

  /** Closes a socket whose bind was refused. */
  refuse(clientId: string): void {
    this.clients.get(clientId)?.socket.close(PUSH_CLOSE.unauthorized, 'unauthorized');
  }

  /** The one typed send: only message types of the contract, with their shapes. */
  send<K extends PushMessageType>(client: Client, type: K, body: PushMessageMap[K]): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(this.frame(type, body));
  }

  private frame<K extends PushMessageType>(type: K, body: PushMessageMap[K]): string {
    return JSON.stringify({ type, ...body });
  }

  /** Sends one change's count messages to the bound sockets of its rooms on this node. */
  deliver(push: OrderPush): number {
    const now = this.now();
    let sent = 0;
    for (const delta of push.deltas) {
      const members = this.rooms.get(delta.room);
      if (!members) continue;
      // One frame per language, serialised and encoded once for the whole room (a string
      // would be encoded again for every socket).
      const frames = new Map<Lang, Frame>();
      const frame = (lang: Lang) => {
        let bytes = frames.get(lang);
        if (bytes === undefined) {
          bytes = Frame.of(this.frame('count', countMessage(push, delta, lang)));
          frames.set(lang, bytes);
        }
        return bytes;
      };
      for (const client of [...members]) {
        const binding = client.binding;
        if (!binding) continue;
        if (binding.sessionEndsAt <= now) {
          this.endSession(client);
          continue;
        }
        if (client.socket.readyState !== client.socket.OPEN) continue;
        frame(binding.lang).sendTo(client.socket);
        sent += 1;
      }
    }
    return sent;
  }

  /**
   * Sends one message to the bound sockets of one room on this node (a user's own room:
   * export progress). Encoded once for the room; ended sessions are closed, not served.
   */
  deliverToRoom<K extends PushMessageType>(room: string, type: K, body: PushMessageMap[K]): number {
    const members = this.rooms.get(room);
    if (!members) return 0;
    const now = this.now();
    let bytes: Frame | null = null;
    let sent = 0;
    for (const client of [...members]) {
      const binding = client.binding;
      if (!binding) continue;
      if (binding.sessionEndsAt <= now) {
        this.endSession(client);
        continue;
      }
      if (client.socket.readyState !== client.socket.OPEN) continue;
      bytes ??= Frame.of(this.frame(type, body));
      bytes.sendTo(client.socket);
      sent += 1;
    }
    return sent;
  }

  /** Tells every bound socket here to re-read its counts. */
  resyncAll(reason: string): void {
    for (const client of this.clients.values()) {
      if (client.binding) this.send(client, 'resync', { reason });
    }
  }

  /** Session ids bound here (the heartbeat checks they are still alive). */
  boundSessions(): string[] {
    const ids = new Set<string>();
    for (const c of this.clients.values()) if (c.binding) ids.add(c.binding.sessionId);
    return [...ids];
  }

  /** Closes the sockets of one user bound here (all of them, or those of the listed sessions). */
  endUserSessions(userId: number, sessionIds: readonly string[] | null): number {
    let closed = 0;
    for (const client of [...this.clients.values()]) {
      const b = client.binding;
      if (!b || b.userId !== userId) continue;
      if (sessionIds && !sessionIds.includes(b.sessionId)) continue;
      this.endSession(client);
      closed += 1;
    }
    return closed;
  }

  /** Closes the sockets bound to sessions not in `alive`. */
  endSessionsExcept(alive: ReadonlySet<string>): void {
    for (const client of [...this.clients.values()]) {
      if (client.binding && !alive.has(client.binding.sessionId)) this.endSession(client);
    }
  }

  /**
   * One heartbeat: drop sockets that did not answer the last one and sockets that stayed
   * unbound for two beats; ping the rest (protocol ping, and a `ping` message the console
   * may use to notice a dead line).
   */
  beat(): void {
    const t = this.now().getTime();
    for (const client of [...this.clients.values()]) {
      if (!client.alive) {
        this.remove(client);
        client.socket.terminate();
        continue;
      }
      if (!client.binding && ++client.unboundTicks > 2) {
        this.remove(client);
        client.socket.close(PUSH_CLOSE.unauthorized, 'not bound');
        continue;
      }
      client.alive = false;
      client.socket.ping();
      this.send(client, 'ping', { t });
    }
  }

  closeAll(): void {
    for (const client of [...this.clients.values()]) {
      this.remove(client);
      client.socket.terminate();
    }
  }

  private endSession(client: Client): void {
    this.remove(client);
    client.socket.close(PUSH_CLOSE.sessionEnded, 'session ended');
  }

  private leaveRooms(client: Client): void {
    for (const room of client.binding?.rooms ?? []) {
      const set = this.rooms.get(room);
      set?.delete(client);
      if (set && set.size === 0) this.rooms.delete(room);
    }
  }
}
