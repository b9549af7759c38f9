import { activeLock } from '@hotline/domain';
import type { Db } from '../../../context';
import type { AuthContext } from '../../auth/auth-context';
import type { ActionOutcome } from './action.service';
import { hydrateOrders } from '../reads/list.repository';
import { presentOrder } from '../order.presenter';

/**
 * The reply of every action: the order as the action left it (the list summary; no lock
 * fields for street users) and what the caller may do next. The row and the lock come from
 * the committed outcome, so order and abilities agree; only names are looked up again.
 */
export async function presentOutcome(db: Db, outcome: ActionOutcome, auth: AuthContext, now: Date) {
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
  const { search_text: _search, ...row } = outcome.row;
  return { order: presentOrder(row, extras, auth), abilities: outcome.abilities };
}
