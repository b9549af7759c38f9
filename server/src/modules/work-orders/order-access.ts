import { canRead, canSeeAtIntake, type Actor } from '@hotline/domain';
import type { Db } from '../../context';
import { notFound } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { actorFrom } from './actor';
import { loadOrderState, type LoadedOrder } from './order-state';

/**
 * The one order-access guard: every service that loads an order for a caller comes through
 * here. The row scope is the domain's `canRead` (WORKFLOW section 8); an order outside it
 * answers exactly like a missing one (404 order.notFound), so ids cannot be probed.
 */

/** The session, or the domain's actor a service already derived from it. */
export type Caller = AuthContext | Actor;

const actorOf = (caller: Caller): Actor => ('acl' in caller ? actorFrom(caller) : caller);

/**
 * The order when the caller may read it; undefined when it is missing or out of scope alike.
 * For callers that answer a miss in their own words (a field error, "no recording").
 * `forUpdate` row-locks it to the end of the transaction, readable or not.
 */
export async function findReadableOrder(
  db: Db,
  caller: Caller,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedOrder | undefined> {
  return findOrderIf(db, caller, id, options, canRead);
}

/** The order when `rule` lets the caller see it; undefined when missing or not seen alike. */
async function findOrderIf(
  db: Db,
  caller: Caller,
  id: number,
  options: { forUpdate?: boolean },
  rule: (actor: Actor, state: LoadedOrder['state']) => boolean,
): Promise<LoadedOrder | undefined> {
  const loaded = await loadOrderState(db, id, options);
  return loaded && rule(actorOf(caller), loaded.state) ? loaded : undefined;
}

/**
 * The order when intake may look at it for the caller (`canSeeAtIntake`: an intake agent sees
 * the district's, e.g. the open order a new call merges into); undefined otherwise.
 */
export async function findOrderSeenAtIntake(
  db: Db,
  caller: Caller,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedOrder | undefined> {
  return findOrderIf(db, caller, id, options, canSeeAtIntake);
}

/** The order when the caller may read it; else 404 like a missing order. */
export async function readableOrder(db: Db, caller: Caller, id: number): Promise<LoadedOrder> {
  const loaded = await findReadableOrder(db, caller, id);
  if (!loaded) throw notFound('order.notFound');
  return loaded;
}

/**
 * Row-locks the order (FOR UPDATE, so two writers on one order are serialised), then the same
 * read check: 404 like a missing order. Call it inside the writer's transaction.
 */
export async function lockOrderForUpdate(
  trx: Db,
  caller: Caller,
  id: number,
): Promise<LoadedOrder> {
  const loaded = await findReadableOrder(trx, caller, id, { forUpdate: true });
  if (!loaded) throw notFound('order.notFound');
  return loaded;
}

/**
 * What an action needs: the order locked and readable (404 otherwise) and, for a merge, its
 * target locked in the same transaction. Rows are locked in id order so two merges cannot
 * deadlock. A target the caller may not read is undefined: the domain then refuses it as an
 * invalid target without revealing which.
 */
export async function actableOrder(
  trx: Db,
  caller: Caller,
  id: number,
  intoId?: number,
): Promise<{ loaded: LoadedOrder; into: LoadedOrder | undefined }> {
  const ids = [...new Set([id, intoId ?? id])].sort((a, b) => a - b);
  const byId = new Map<number, LoadedOrder | undefined>();
  for (const each of ids) {
    byId.set(each, await findReadableOrder(trx, caller, each, { forUpdate: true }));
  }
  const loaded = byId.get(id);
  if (!loaded) throw notFound('order.notFound');
  return { loaded, into: intoId === undefined ? undefined : byId.get(intoId) };
}
