import type { FastifyBaseLogger } from 'fastify';
import { userRoom } from '@hotline/contract';
import { queueDeltas, queueRoom, roomsForViewer, type Lang } from '@hotline/domain';
import type { AppContext, Db } from '../../context';
import { AppError, forbidden, notFound } from '../../http/app-error';
import type { OrderChange } from '../../ports';
import { authenticate } from '../auth/session.service';
import { readerFor } from '../work-orders/reads/list-access';
import { loadWorkflowConfig, type WorkflowConfig } from '../work-orders/lifecycle-settings';
import { scopeIsEmpty } from '../work-orders/reads/scope-sql';
import type { PushHub } from './hub';
import * as repo from './push.repository';

/**
 * The queue settings (overdue and visit modes) change rarely; reading them once per action
 * after commit would put a query between every commit and its messages. Kept for a few
 * seconds per database: an administrator's change reaches the push deltas within that time.
 */
const CONFIG_TTL_MS = 5_000;
const configCache = new WeakMap<object, { until: number; value: Promise<WorkflowConfig> }>();

function queueSettings(db: Db): Promise<WorkflowConfig> {
  const hit = configCache.get(db);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = loadWorkflowConfig(db);
  configCache.set(db, { until: Date.now() + CONFIG_TTL_MS, value });
  value.catch(() => configCache.delete(db));
  return value;
}

/**
 * Called after commit only (runAction's afterCommit, intake after its transaction): computes
 * the queue deltas in the domain and hands them to the hub. Never throws — the change has
 * happened; a push that fails is logged and healed by the console's re-read on reconnect.
 */
export async function publishOrderChange(
  db: Db,
  hub: PushHub,
  log: FastifyBaseLogger,
  change: OrderChange,
): Promise<void> {
  // afterCommit runs right after the commit: this is the commit time the messages carry.
  const committedAt = Date.now();
  try {
    const config = await queueSettings(db);
    const deltas = queueDeltas(change.before, change.after, {
      now: change.at,
      overdueMode: config.overdueMode,
      huifangMode: config.huifangMode,
    });
    if (deltas.length === 0) return;
    hub.publish({
      orderId: change.orderId,
      orderNum: change.orderNum,
      at: committedAt,
      deltas: deltas.map((d) => ({
        room: queueRoom(d.menuId, d.unitId),
        menuId: d.menuId,
        action: d.action,
      })),
    });
  } catch (error) {
    log.error({ err: error, orderId: change.orderId }, 'push: publishing a change failed');
  }
}

/**
 * POST /push/bind: the bearer token's session binds the socket `clientId` to the rooms of
 * the queues on the caller's menu — only a socket that session opened (its token in the
 * socket's subprotocols, push.routes.ts); any other answers 403. Without a live session the
 * call answers 401 and an anonymous socket is closed (402 for an expired access token, which
 * the console refreshes and retries; the session, so the socket's opener, stays the same).
 */
export async function bindClient(
  ctx: AppContext,
  hub: PushHub,
  token: string | undefined,
  clientId: string,
  lang: Lang,
): Promise<{ clientId: string; rooms: string[]; local: boolean }> {
  let auth;
  try {
    if (!token) throw new AppError(401, 'session.missing');
    auth = await authenticate(ctx, token);
  } catch (error) {
    hub.connections.refuse(clientId);
    throw error;
  }
  const [reader, sessionEndsAt] = await Promise.all([
    readerFor(ctx, auth),
    repo.sessionEnd(ctx.db, auth.sessionId),
  ]);
  // The queue rooms of the menu, and the user's own room (export job progress).
  const rooms = [
    ...(scopeIsEmpty(reader.scope)
      ? []
      : roomsForViewer(reader.queues, reader.queueCtx.viewerUnitId)),
    userRoom(auth.userId),
  ];
  const where = hub.bind(clientId, {
    userId: auth.userId,
    sessionId: auth.sessionId,
    sessionEndsAt: sessionEndsAt ?? ctx.now(),
    rooms,
    lang,
  });
  if (where === 'unknown') throw notFound('push.clientUnknown', { clientId });
  if (where === 'anonymous') throw forbidden('push.clientAnonymous');
  if (where === 'taken') throw forbidden('push.clientTaken');
  return { clientId, rooms, local: where === 'local' };
}

/** One heartbeat: close sockets of ended sessions, then ping and drop the silent. */
export async function heartbeat(ctx: AppContext, hub: PushHub): Promise<void> {
  const ids = hub.connections.boundSessions();
  if (ids.length > 0) {
    hub.connections.endSessionsExcept(await repo.aliveSessions(ctx.db, ids, ctx.now()));
  }
  hub.connections.beat();
}
