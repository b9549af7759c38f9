import { activeLock, type Actor } from '@hotline/domain';
import type { AppContext, Db } from '../../context';
import { AppError, conflict, forbidden, notFound } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { actorFrom } from '../work-orders/actor';
import { lockOrderForUpdate } from '../work-orders/order-access';
import type { LoadedOrder } from '../work-orders/order-state';
import * as repo from './attachment.repository';
import { mayAttach } from './file-access';

/**
 * The order an upload or Lists/fileAppend attaches to, locked for the transaction. Out of
 * scope answers like a missing order (never reveal it); in scope but not allowed is 403; a lock
 * held by someone else refuses like every other action on the order.
 */
export async function lockOrderForAttach(
  trx: Db,
  actor: Actor,
  orderId: number,
  now: Date,
): Promise<LoadedOrder> {
  const loaded = await lockOrderForUpdate(trx, actor, orderId);
  if (!mayAttach(actor, loaded.state)) throw forbidden('file.attachForbidden');
  const lock = activeLock(loaded.state, now);
  if (lock && lock.userId !== actor.userId) {
    throw new AppError(409, 'order.lockedByOther', { name: lock.userName });
  }
  return loaded;
}

/** Links unattached files to the order with one 'attach' event naming them. */
export async function linkFiles(
  trx: Db,
  actor: Actor,
  order: LoadedOrder,
  files: readonly repo.AttachmentRow[],
  now: Date,
): Promise<repo.AttachmentRow[]> {
  if (files.length === 0) return [];
  const { state } = order;
  const eventId = await repo.insertAttachEvent(trx, {
    orderId: state.id,
    actorId: actor.userId,
    actorUnitId: actor.unitId,
    codes: {
      status: state.status,
      mainOrgStatus: state.mainOrgStatus,
      huifangState: state.huifangState,
      needReviewStatus: state.needReviewStatus,
    },
    comment: files.map((f) => f.file_name).join('、'),
    at: now,
  });
  return repo.setAttachmentOrder(
    trx,
    files.map((f) => f.id),
    state.id,
    eventId,
  );
}

/**
 * Lists/fileAppend: attach files the caller uploaded to an order it may act on. Files already
 * on this order are left as they are (a retried request succeeds); a file on another order
 * is a conflict; a file the caller did not upload answers like a missing one.
 */
export async function appendFiles(
  ctx: AppContext,
  auth: AuthContext,
  orderId: number,
  fileIds: readonly number[],
): Promise<repo.AttachmentRow[]> {
  const actor = actorFrom(auth);
  const now = ctx.now();
  const ids = [...new Set(fileIds)];
  return ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrderForAttach(trx, actor, orderId, now);
    const rows = await repo.lockAttachments(trx, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const toLink: repo.AttachmentRow[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (row?.order_id === orderId) continue;
      if (!row || row.created_by !== actor.userId) throw notFound('file.notFound');
      if (row.order_id !== null) throw conflict('file.alreadyAttached', { id });
      toLink.push(row);
    }
    const linked = await linkFiles(trx, actor, order, toLink, now);
    const linkedById = new Map(linked.map((r) => [r.id, r]));
    return ids.map((id) => linkedById.get(id) ?? byId.get(id)).filter((r) => r !== undefined);
  });
}
