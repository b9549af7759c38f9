import { callingEnabled, mayCall } from '@hotline/domain';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { getValues } from '../config/config.repository';

/**
 * The checks every calling action shares: switched on, allowed. The order's read check is the
 * work-order guard (order-access.ts).
 */

export async function assertCallingOn(ctx: AppContext): Promise<void> {
  if (!callingEnabled(await getValues(ctx.db, 'jsjb'))) throw forbidden('call.disabled');
}

export function assertMayCall(auth: AuthContext): void {
  if (!mayCall({ admin: auth.acl.admin, rules: auth.rules })) throw forbidden('call.notAllowed');
}
