import { callingEnabled, canRead, mayCall } from '@hotline/domain';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { getValues } from '../config/config.repository';
import { actorFrom } from '../work-orders/actor';
import { loadOrderState, type LoadedOrder } from '../work-orders/order-state';

/** The checks every calling action shares: switched on, allowed, the order readable. */

export async function assertCallingOn(ctx: AppContext): Promise<void> {
  if (!callingEnabled(await getValues(ctx.db, 'jsjb'))) throw forbidden('call.disabled');
}

export function assertMayCall(auth: AuthContext): void {
  if (!mayCall({ admin: auth.acl.admin, rules: auth.rules })) throw forbidden('call.notAllowed');
}

/** The order when the caller may read it; else 404 like a missing order. */
export async function readableOrder(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<LoadedOrder> {
  const loaded = await loadOrderState(ctx.db, id);
  if (!loaded || !canRead(actorFrom(auth), { ...loaded.state, createdBy: loaded.row.created_by })) {
    throw notFound('order.notFound');
  }
  return loaded;
}
