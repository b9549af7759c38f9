import type { OrderDetail } from '@hotline/contract';
import { activeLock, availableActions } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { notFound } from '../../../http/app-error';
import type { AuthContext } from '../../auth/auth-context';
import { actorFrom } from '../actor';
import * as parts from './detail.repository';
import { hydrateOrders } from '../reads/list.repository';
import { presentOrderDetail, seesLocks } from '../order.presenter';
import { deadlineView } from '../../deadlines/deadline-view';
import { readableOrder } from '../order-access';
import { rowScope } from '../reads/scope-sql';
import { callDb } from '../../calls/call.tables';
import { presentRecord } from '../../calls/call.presenter';
import { recordsOfOrder } from '../../calls/record.repository';

/**
 * `detail`: the order, its timeline, files, requests, visits, merged-in orders, the lock, and
 * the actions this caller may take now (abilities — the console draws its buttons from them).
 * Similar orders are not part of it: the console asks `similarOrder` by id when its tab or the
 * merge form is opened (docs/decisions/0011-similar-orders-on-demand.md). An order outside the
 * caller's scope answers exactly like a missing one (404), so ids cannot be probed.
 */
export async function orderDetail(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<OrderDetail> {
  const now = ctx.now();
  const actor = actorFrom(auth);
  const { state } = await readableOrder(ctx.db, actor, id);
  const scope = rowScope(actor);
  const districtUser = actor.admin || actor.unitKind === 'district';
  const [hydrated, timeline, attachments, requests, visits, merges, deadlines] = await Promise.all([
    hydrateOrders(ctx.db, [id], now),
    parts.timeline(ctx.db, id),
    parts.attachments(ctx.db, id, districtUser),
    parts.requests(ctx.db, id),
    parts.visits(ctx.db, id),
    parts.mergedIn(ctx.db, id, scope),
    deadlineView(ctx, now),
  ]);
  const [order] = hydrated;
  if (!order) throw notFound('order.notFound');
  const lock = activeLock(state, now);
  return {
    order: presentOrderDetail(order.row, order.extras, auth, deadlines),
    timeline,
    attachments,
    requests,
    visits,
    merges,
    calls: (await recordsOfOrder(callDb(ctx.db), id)).map(presentRecord),
    ...(seesLocks(auth)
      ? {
          lock: lock
            ? {
                userId: lock.userId,
                userName: lock.userName,
                expiresAt: lock.expiresAt.toISOString(),
              }
            : null,
        }
      : {}),
    abilities: availableActions(state, actor, now),
  };
}
