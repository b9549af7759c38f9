import type { FastifyBaseLogger } from 'fastify';
import type { OrderDetail } from '@hotline/contract';
import { activeLock } from '@hotline/domain';
import type { AppContext, Db } from '../../../context';
import { AppError } from '../../../http/app-error';
import type { AuthContext } from '../../auth/auth-context';
import type { ActionOutcome } from './action.service';
import { orderDetail } from '../detail/detail.service';
import { hydrateOrders } from '../reads/list.repository';
import { presentOrder } from '../order.presenter';
import { deadlineView, type DeadlineView } from '../../deadlines/deadline-view';

/**
 * The reply of every action: the order as the action left it (the list summary; no lock
 * fields for street users) and what the caller may do next. The row and the lock come from
 * the committed outcome, so order and abilities agree; only names are looked up again.
 */
export async function presentOutcome(
  db: Db,
  outcome: ActionOutcome,
  auth: AuthContext,
  deadlines: DeadlineView,
) {
  const now = deadlines.now;
  const [hydrated] = await hydrateOrders(db, [outcome.row.id], now);
  const lock = activeLock(outcome.after, now);
  const extras = {
    organizerName: null,
    subordinateName: null,
    communityName: null,
    categoryPath: null,
    ...hydrated?.extras,
    lock,
  };
  return {
    order: presentOrder(outcome.row, extras, auth, deadlines),
    abilities: outcome.abilities,
  };
}

/**
 * The order's `lists/detail` reply as the caller sees it after the commit: the console puts it
 * in place of the detail it shows, with no second round trip. The action has happened, so an
 * order the caller may no longer read (it left the caller's scope) or a failed read only
 * leaves the detail out; the console then reads it itself.
 */
async function detailAfterCommit(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  log: FastifyBaseLogger,
): Promise<OrderDetail | undefined> {
  try {
    return await orderDetail(ctx, auth, id);
  } catch (error) {
    // an AppError is the read's refusal (out of scope answers 404): nothing to log
    if (!(error instanceof AppError)) {
      log.error({ err: error, orderId: id }, 'action: reading the detail after commit failed');
    }
    return undefined;
  }
}

/** The action's reply, with the order's fresh detail when `detail` asks for it. */
export async function presentActionReply(
  ctx: AppContext,
  outcome: ActionOutcome,
  auth: AuthContext,
  options: { detail: boolean; log: FastifyBaseLogger },
) {
  const [reply, detail] = await Promise.all([
    deadlineView(ctx).then((view) => presentOutcome(ctx.db, outcome, auth, view)),
    options.detail ? detailAfterCommit(ctx, auth, outcome.row.id, options.log) : undefined,
  ]);
  return detail ? { ...reply, detail } : reply;
}
