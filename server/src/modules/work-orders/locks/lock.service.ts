import { activeLock, applyTransition, availableActions } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { AppError } from '../../../http/app-error';
import type { ActionOutcome } from '../../../ports';
import { recordAudit, type AuditActor } from '../../audit';
import type { AuthContext } from '../../auth/auth-context';
import { fieldError } from '../../intake/field-error';
import * as repo from '../actions/action.repository';
import { actorFrom } from '../actor';
import { loadWorkflowConfig } from '../lifecycle-settings';
import { actableOrder } from '../order-access';
import { columnChanges } from '../order-state';
import { activeLocksOf } from './lock.repository';

/**
 * Assignlock/getMyOrders: the orders the caller holds locked. Taking and releasing a lock are
 * actions (lock, unlock) of the action service, audited like any other.
 */
export async function myLocks(
  ctx: AppContext,
  auth: AuthContext,
  page: { pageNo: number; pageSize: number },
) {
  const { rows, total } = await activeLocksOf(ctx.db, auth.userId, ctx.now(), {
    offset: (page.pageNo - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return {
    list: rows.map((r) => ({
      id: r.id,
      orderNum: r.order_num,
      title: r.title,
      status: r.status,
      lockExpiresAt: r.expires_at.toISOString(),
    })),
    totalCount: total,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
  };
}

export interface UnlockRequest {
  force: boolean;
  /** Required when an administrator breaks someone else's lock (trimmed; '' counts as none). */
  reason?: string | undefined;
}

/**
 * assignUnlock: the unlock action, run like every action (the order row-locked, the domain
 * decides, the lock row, one event, the after-commit hook) and, when an administrator breaks
 * someone else's lock, with its reason and an `order.forceUnlock` audit row in the same
 * transaction. Releasing one's own lock needs no reason.
 *
 * It mirrors runAction (actions/action.service.ts) for this one input-free action, because the
 * audit row must commit with the unlock and runAction's transaction takes no extra writes.
 */
export async function unlockOrder(
  ctx: AppContext,
  auth: AuthContext,
  orderId: number,
  request: UnlockRequest,
  auditActor: AuditActor,
): Promise<ActionOutcome> {
  const actor = actorFrom(auth);
  const now = ctx.now();
  const reason = request.reason?.trim() ?? '';
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const { loaded } = await actableOrder(trx, actor, orderId);
    const before = loaded.state;
    const holder = activeLock(before, now);
    const forced =
      holder !== null && holder.userId !== actor.userId && actor.admin && request.force;
    // The domain refuses everyone else first (no lock, someone else's lock without force).
    if (forced && reason === '') throw fieldError('reason', 'unlock.reasonRequired', reason);
    const config = await loadWorkflowConfig(trx);
    const result = applyTransition(before, 'unlock', actor, { force: request.force }, now, config);
    if (!result.ok) {
      const { code, key, params } = result.refusal;
      throw new AppError(code, key, params);
    }
    const { next, event } = result;
    const row = await repo.updateOrder(trx, orderId, columnChanges(before, next), now);
    await repo.syncLock(trx, orderId, before.lock, next.lock, now);
    const comment = forced ? `${event.comment}; ${reason}` : event.comment;
    const saved = await repo.insertEvent(trx, {
      orderId,
      action: 'unlock',
      actorId: actor.userId,
      actorUnitId: actor.unitId,
      from: event.from,
      to: event.to,
      comment,
      at: now,
    });
    if (forced) {
      await recordAudit(trx, auditActor, {
        action: 'order.forceUnlock',
        target: { type: 'order', id: orderId, name: row.order_num },
        detail: {
          orderNum: row.order_num,
          holder: { id: holder.userId, name: holder.userName },
          lockedUntil: holder.expiresAt.toISOString(),
          reason,
        },
        at: now,
      });
    }
    return {
      before,
      after: next,
      row,
      event: {
        id: saved.id,
        action: 'unlock' as const,
        from: event.from,
        to: event.to,
        comment,
        actorId: actor.userId,
        actorUnitId: actor.unitId,
        createdAt: now,
      },
      abilities: availableActions(next, actor, now),
    };
  });
  await ctx.afterCommit?.(outcome);
  return outcome;
}
