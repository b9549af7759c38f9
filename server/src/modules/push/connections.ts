import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { PUSH_CLOSE, type PushMessageMap, type PushMessageType } from '@hotline/contract';
import type { Lang } from '@hotline/domain';
import { DeltaFrames, MAX_DELTAS_PER_WRITE, type OrderPush, type RoomDelta } from './change-frames';
import { Frame } from './frames';
import { wallClock, type DeliveryRecord, type DeliveryTrace } from './trace';

/**
 * The sockets of THIS node: client ids, what each is bound to, and rooms → sockets. Nothing
 * here knows about other nodes; the hub (hub.ts, redis-hub.ts) decides what arrives here.
 */

export type { OrderPush, RoomDelta } from './change-frames';

export interface Binding {
  userId: number;
  sessionId: string;
  /** The session's absolute end: after it the connection is closed, never served. */
  sessionEndsAt: Date;
  rooms: string[];
  lang: Lang;
}

/** The session whose token opened a socket (push.routes.ts); null for a socket opened without one. */
export interface Opener {
  userId: number;
  sessionId: string;
}

export interface Client {
  id: string;
  socket: WebSocket;
  /** Only this session may bind the socket; an anonymous socket cannot be bound. */
  opener: Opener | null;
  binding: Binding | null;
  /** Answered since the last heartbeat (pong or any frame). */
  alive: boolean;
  /** Heartbeats passed without a bind. */
  unboundTicks: number;
  /** Scratch of `deliver`: the delivery that last marked it, and which deltas reach it. */
  mark: number;
  deltas: number;
}

export class Connections {
  private readonly clients = new Map<string, Client>();
  private readonly rooms = new Map<string, Set<Client>>();
  private marks = 0;
  /** Sees each delivery that wrote to a socket: commit → last write, ms (GET /metrics). */
  onDelivered: ((lastWriteMs: number) => void) | null = null;

  constructor(
    readonly nodeId: string,
    private readonly now: () => Date,
    /** Delivery timings for the push benchmark (PUSH_TRACE=1); null in service. */
    readonly trace: DeliveryTrace | null = null,
  ) {}

  get size(): number {
    return this.clients.size;
  }

  /** A new socket: it gets a client id (node id first, so any node can tell where it lives). */
  add(socket: WebSocket, opener: Opener | null = null): Client {
    const id = `${this.nodeId}.${randomBytes(12).toString('base64url')}`;
    const client: Client = {
      id,
      socket,
      opener,
      binding: null,
      alive: true,
      unboundTicks: 0,
      mark: 0,
      deltas: 0,
    };
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

  /**
   * Joins the client to the binding's rooms, replacing an earlier bind (a refreshed token of the
   * same session). Only the session that opened the socket may bind it: 'anonymous' for a socket
   * opened without a token, 'taken' for one opened by another session (a socket id someone
   * learned cannot be bound or taken over); 'missing' if the socket is not here.
   */
  bind(clientId: string, binding: Binding): 'bound' | 'missing' | 'anonymous' | 'taken' {
    const client = this.clients.get(clientId);
    if (!client) return 'missing';
    if (!client.opener) return 'anonymous';
    if (client.opener.sessionId !== binding.sessionId || client.opener.userId !== binding.userId) {
      return 'taken';
    }
    this.leaveRooms(client);
    client.binding = binding;
    for (const room of binding.rooms) {
      let set = this.rooms.get(room);
      if (!set) this.rooms.set(room, (set = new Set()));
      set.add(client);
    }
    this.send(client, 'bound', { rooms: binding.rooms.length });
    return 'bound';
  }

  /**
   * Closes an anonymous socket whose bind was refused for want of a session. A socket opened
   * with a session stays: whoever named it may not be its opener (a refused stranger must not
   * close someone else's line), and its opener retries after a refresh; if its session ended,
   * endUserSessions or the heartbeat closes it.
   */
  refuse(clientId: string): void {
    const client = this.clients.get(clientId);
    if (client && !client.opener) client.socket.close(PUSH_CLOSE.unauthorized, 'unauthorized');
  }

  /** The one typed send: only message types of the contract, with their shapes. */
  send<K extends PushMessageType>(client: Client, type: K, body: PushMessageMap[K]): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(this.frame(type, body));
  }

  private frame<K extends PushMessageType>(type: K, body: PushMessageMap[K]): string {
    return JSON.stringify({ type, ...body });
  }

  /**
   * Sends one change's count messages to the bound sockets of its rooms on this node: each
   * message serialised and encoded once per language, and each socket written once, with all
   * its messages of the change (a dispatcher's socket is in several of the rooms one action
   * moves: a sign sends it four). `role` and `takenAt` (when this node took the change up) only
   * feed the trace, when there is one.
   */
  deliver(push: OrderPush, role: DeliveryRecord['role'] = 'origin', takenAt = 0): number {
    const startedAt = this.trace ? wallClock() : 0;
    let sent = 0;
    for (let from = 0; from < push.deltas.length; from += MAX_DELTAS_PER_WRITE) {
      sent += this.deliverDeltas(push, push.deltas.slice(from, from + MAX_DELTAS_PER_WRITE));
    }
    if (this.trace) {
      const lastWriteAt = wallClock();
      this.trace.record({
        orderId: push.orderId,
        at: push.at,
        role,
        takenMs: (takenAt || startedAt) - push.at,
        startMs: startedAt - push.at,
        lastWriteMs: lastWriteAt - push.at,
        sockets: sent,
      });
    }
    if (this.onDelivered && sent > 0) this.onDelivered(wallClock() - push.at);
    return sent;
  }

  private deliverDeltas(push: OrderPush, deltas: readonly RoomDelta[]): number {
    // Which of the deltas reach each socket, one bit each, marked on the client itself.
    const mark = ++this.marks;
    const targets: Client[] = [];
    deltas.forEach((delta, i) => {
      const members = this.rooms.get(delta.room);
      if (!members) return;
      for (const client of members) {
        if (client.mark !== mark) {
          client.mark = mark;
          client.deltas = 0;
          targets.push(client);
        }
        client.deltas |= 1 << i;
      }
    });
    const now = this.now().getTime();
    const frames = new DeltaFrames(push, deltas, (body) => this.frame('count', body));
    let sent = 0;
    let ended: Client[] | null = null;
    for (const client of targets) {
      const binding = client.binding;
      if (!binding) continue;
      if (binding.sessionEndsAt.getTime() <= now) {
        // Closed after the loop: closing leaves the rooms.
        (ended ??= []).push(client);
        continue;
      }
      if (client.socket.readyState !== client.socket.OPEN) continue;
      frames.of(client.deltas, binding.lang).sendTo(client.socket);
      sent += 1;
    }
    if (ended) for (const client of ended) this.endSession(client);
    return sent;
  }

  /**
   * Sends one message to the bound sockets of one room on this node (a user's own room:
   * export progress). Encoded once for the room; ended sessions are closed, not served.
   */
  deliverToRoom<K extends PushMessageType>(room: string, type: K, body: PushMessageMap[K]): number {
    const members = this.rooms.get(room);
    if (!members) return 0;
    const now = this.now().getTime();
    let bytes: Frame | null = null;
    let sent = 0;
    let ended: Client[] | null = null;
    for (const client of members) {
      const binding = client.binding;
      if (!binding) continue;
      if (binding.sessionEndsAt.getTime() <= now) {
        (ended ??= []).push(client);
        continue;
      }
      if (client.socket.readyState !== client.socket.OPEN) continue;
      bytes ??= Frame.of(this.frame(type, body));
      bytes.sendTo(client.socket);
      sent += 1;
    }
    if (ended) for (const client of ended) this.endSession(client);
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

  /**
   * Closes the sockets of one user here (all of them, or those of the listed sessions): bound to
   * them, or opened by them and not yet bound.
   */
  endUserSessions(userId: number, sessionIds: readonly string[] | null): number {
    let closed = 0;
    for (const client of [...this.clients.values()]) {
      const b = client.binding ?? client.opener;
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
    // The same bytes for every socket, in one write each.
    const beat = Frame.heartbeat(this.frame('ping', { t }));
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
      if (client.socket.readyState === client.socket.OPEN) beat.sendTo(client.socket);
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
