import { z } from 'zod';
import { envelope } from './common';
import { endpoint } from './endpoint';
import { EXPORT_JOB_STATES } from './exports';

/**
 * The push channel (spec section 7, "Push channel"; docs/api.md "Push channel"): a WebSocket at
 * /ws. The server speaks first with `init` (the client id); the console binds that id with
 * POST /api/push/bind; from then on the connection receives the count messages of the queues
 * on its user's menu. One map of message types, so server and console cannot drift.
 */

/** A notice (spec section 3, "Notice item"): what a gain of a queue with a notice text says. */
export const pushNotice = z.object({
  msg: z.string(),
  orderNum: z.string(),
  assignId: z.number().int(),
  menuId: z.string(),
});
export type PushNotice = z.infer<typeof pushNotice>;

export const pushMessages = {
  /** First message on every connection. */
  init: z.object({ clientId: z.string(), heartbeatMs: z.number().int().positive() }),
  /** Heartbeat; the console ignores it (spec section 4) beyond knowing the line is alive. */
  ping: z.object({ t: z.number() }),
  /** The bind took effect on the node holding the socket. */
  bound: z.object({ rooms: z.number().int().nonnegative() }),
  /** A queue gained (`add`) or lost (`sub`) one order; a gain may carry a notice. */
  count: z.object({
    menuId: z.string(),
    action: z.enum(['add', 'sub']),
    num: z.number().int().positive(),
    notice: pushNotice.optional(),
    /** When the change was committed (ms since the epoch; for latency figures). */
    at: z.number().optional(),
  }),
  /** Counts may have drifted (fan-out was interrupted): re-read them all. */
  resync: z.object({ reason: z.string() }),
  /**
   * Progress of one of the user's own export jobs (sent to the room `u:<userId>`): about once a
   * second while it runs, and once when it ends (`done`, `failed`).
   */
  exportJob: z.object({
    id: z.number().int().positive(),
    status: z.enum(EXPORT_JOB_STATES),
    rows: z.number().int().nonnegative(),
    total: z.number().int().nonnegative().nullable(),
    error: z.string().nullable().optional(),
  }),
  /**
   * A deadline notice (issue 21), sent to the room `u:<userId>` of each person told: a reminder
   * before a limit (the unit holding the order), or an escalation after it (level 1: the unit's
   * leaders and the district dispatchers; level 2: the district leaders). The console adds it
   * to the notice list and reads it aloud when voice alerts are on.
   */
  deadlineNotice: z.object({
    kind: z.enum(['reminder', 'escalation']),
    limit: z.enum(['sign', 'handling']),
    level: z.number().int().nonnegative(),
    orderId: z.number().int(),
    orderNum: z.string(),
    title: z.string(),
    /** The limit (ISO time). */
    dueAt: z.string(),
    /** Hours before the limit (reminders); 0 for escalations. */
    hoursBefore: z.number().nonnegative(),
  }),
} as const;

/** The room of one user's own messages (export jobs). */
export const userRoom = (userId: number) => `u:${userId}`;

export type PushMessageMap = {
  [K in keyof typeof pushMessages]: z.infer<(typeof pushMessages)[K]>;
};
export type PushMessageType = keyof PushMessageMap;
export type PushMessage = {
  [K in PushMessageType]: { type: K } & PushMessageMap[K];
}[PushMessageType];

/** Parses one frame from the server; null for anything that is not a known message. */
export function parsePushMessage(raw: string): PushMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !(type in pushMessages)) return null;
  const parsed = pushMessages[type as PushMessageType].safeParse(value);
  return parsed.success ? ({ type, ...parsed.data } as PushMessage) : null;
}

/** Close codes the server uses (4000–4999 are for applications; 1012 is WebSocket's own). */
export const PUSH_CLOSE = {
  /** The bind was refused (no, expired or revoked session). */
  unauthorized: 4401,
  /** The session bound to the connection ended (expiry, logout). */
  sessionEnded: 4402,
  /** No answer to heartbeats. */
  stale: 4408,
  /** The node is stopping (WebSocket's "service restart"): reconnect after a short pause. */
  serviceRestart: 1012,
} as const;

/**
 * The push socket's WebSocket subprotocols. A browser cannot set headers on a WebSocket and a
 * URL gets logged, so the opener's access token travels as a second subprotocol
 * (`bearer.<token>`); the server answers with PUSH_PROTOCOL only and remembers the token's
 * session on the connection, and `push/bind` binds a socket only for the session that opened it.
 */
export const PUSH_PROTOCOL = 'hotline.v1';
export const PUSH_TOKEN_PROTOCOL_PREFIX = 'bearer.';

/** The subprotocols to open the push socket with: the token's, when signed in. */
export function pushProtocols(token: string | null | undefined): string[] {
  return token ? [PUSH_PROTOCOL, `${PUSH_TOKEN_PROTOCOL_PREFIX}${token}`] : [PUSH_PROTOCOL];
}

/** The token in a `Sec-WebSocket-Protocol` request header, if any. */
export function pushTokenOf(header: string | undefined): string | null {
  for (const part of (header ?? '').split(',')) {
    const value = part.trim();
    if (
      value.startsWith(PUSH_TOKEN_PROTOCOL_PREFIX) &&
      value.length > PUSH_TOKEN_PROTOCOL_PREFIX.length
    ) {
      return value.slice(PUSH_TOKEN_PROTOCOL_PREFIX.length);
    }
  }
  return null;
}

export const pushBindBody = z.object({
  clientId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._-]+$/),
});
export type PushBindBody = z.infer<typeof pushBindBody>;

export const pushBindResponse = envelope(
  z.object({
    clientId: z.string(),
    /** The rooms joined: one per queue of the caller's menu. */
    rooms: z.array(z.string()),
    /** Whether the socket lives on the node that answered (else the bind went via Redis). */
    local: z.boolean(),
  }),
);

export const pushEndpoints = {
  // Public: the service authenticates, so a refused bind can also close the socket it names.
  bind: endpoint({
    method: 'POST',
    paths: ['/push/bind'],
    summary: 'Bind a push socket (its init clientId) to the caller: rooms of its menu queues',
    tags: ['push'],
    access: 'public',
    body: pushBindBody,
    response: pushBindResponse,
  }),
};
