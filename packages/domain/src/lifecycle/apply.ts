import { ACTION_NAMES, ACTIONS, STATUS_NAMES, type ActionName } from './names';
import type { ActionInputs } from './inputs';
import { isOpen } from './rules';
import { TABLE } from './table';
import * as role from './roles';
import type {
  Actor,
  LifecycleSettings,
  OrderState,
  Refusal,
  StateCodes,
  TransitionResult,
} from './types';

export const LOCK_TTL_MS = 30 * 60_000;

const codes = (o: OrderState): StateCodes => ({
  status: o.status,
  mainOrgStatus: o.mainOrgStatus,
  huifangState: o.huifangState,
  needReviewStatus: o.needReviewStatus,
});

const sameCodes = (a: StateCodes, b: StateCodes) =>
  a.status === b.status && a.mainOrgStatus === b.mainOrgStatus && a.huifangState === b.huifangState;

/** The lock that binds now: a lock past its expiry binds nobody. */
export function activeLock(order: OrderState, now: Date) {
  return order.lock && order.lock.expiresAt > now ? order.lock : null;
}

function lockedByOther(order: OrderState, actor: Actor, now: Date): Refusal | null {
  const lock = activeLock(order, now);
  if (lock && lock.userId !== actor.userId) {
    return { code: 409, key: 'order.lockedByOther', params: { name: lock.userName } };
  }
  return null;
}

/** Role and state checks shared by every action, before any input is looked at. */
function precheck(order: OrderState, action: ActionName, actor: Actor, now: Date): Refusal | null {
  const def = TABLE[action];
  if (!def.who(actor, order)) {
    const hostAction =
      role.isUnitHandler(actor) && def.who({ ...actor, unitId: order.hostUnitId ?? -1 }, order);
    return hostAction
      ? { code: 403, key: 'order.notYourUnit' }
      : { code: 403, key: 'order.roleRequired', params: { action: ACTION_NAMES[action] } };
  }
  if (!def.when(order, now)) {
    const state = STATUS_NAMES[order.status] ?? {
      zh: String(order.status),
      en: String(order.status),
    };
    return { code: 409, key: 'order.wrongState', params: { state, action: ACTION_NAMES[action] } };
  }
  return def.guard?.(order, actor, now) ?? null;
}

const INPUT_FREE: ReadonlySet<ActionName> = new Set(['lock', 'unlock']);
/** Actions that do not entitle anyone to lock: a note or a supervision must not block the host. */
const NOT_LOCK_WORTHY: ReadonlySet<ActionName> = new Set([
  'lock',
  'unlock',
  'add_note',
  'supervise',
]);

/** The actions this actor may take on this order now: the console renders buttons from it. */
export function availableActions(order: OrderState, actor: Actor, now: Date): ActionName[] {
  const blocked = lockedByOther(order, actor, now) !== null;
  const allowed = ACTIONS.filter(
    (a) => !INPUT_FREE.has(a) && !blocked && precheck(order, a, actor, now) === null,
  );
  const lock = activeLock(order, now);
  const extra: ActionName[] = [];
  if (allowed.some((a) => !NOT_LOCK_WORTHY.has(a)) && !lock && isOpen(order)) extra.push('lock');
  if (lock && (lock.userId === actor.userId || actor.admin)) extra.push('unlock');
  return [...allowed, ...extra];
}

/**
 * Applies one action: the single entry point of the lifecycle. Refusals change nothing. A
 * successful action by the lock holder refreshes the lock, or releases it when the order
 * moved on to someone else's queue.
 */
export function applyTransition<A extends ActionName>(
  order: OrderState,
  action: A,
  actor: Actor,
  input: ActionInputs[A],
  now: Date,
  settings: LifecycleSettings,
): TransitionResult {
  if (action === 'unlock') return unlock(order, actor, input as ActionInputs['unlock'], now);
  const locked = lockedByOther(order, actor, now);
  if (locked) return { ok: false, refusal: locked };
  if (action === 'lock') return lock(order, actor, now);
  const refusal = precheck(order, action, actor, now);
  if (refusal) return { ok: false, refusal };
  const applied = TABLE[action].apply(order, input, { actor, now, settings });
  if ('key' in applied) return { ok: false, refusal: applied };
  const moved = { ...order, ...applied.patch };
  const held = activeLock(order, now)?.userId === actor.userId;
  const next: OrderState = {
    ...moved,
    lock: !held ? moved.lock : sameCodes(codes(order), codes(moved)) ? refreshed(order, now) : null,
  };
  return {
    ok: true,
    next,
    event: { action, comment: applied.comment?.trim() ?? '', from: codes(order), to: codes(next) },
    effects: applied.effects ?? [],
  };
}

function refreshed(order: OrderState, now: Date) {
  return order.lock ? { ...order.lock, expiresAt: new Date(now.getTime() + LOCK_TTL_MS) } : null;
}

function lock(order: OrderState, actor: Actor, now: Date): TransitionResult {
  const mayAct = availableActions({ ...order, lock: null }, actor, now).some(
    (a) => !NOT_LOCK_WORTHY.has(a),
  );
  if (!isOpen(order) || !mayAct) {
    const refusal = precheck(order, 'lock', actor, now) ?? {
      code: 403,
      key: 'order.roleRequired' as const,
      params: { action: ACTION_NAMES.lock },
    };
    return { ok: false, refusal };
  }
  const next = {
    ...order,
    lock: {
      userId: actor.userId,
      userName: actor.name,
      expiresAt: new Date(now.getTime() + LOCK_TTL_MS),
    },
  };
  return {
    ok: true,
    next,
    event: { action: 'lock', comment: '', from: codes(order), to: codes(next) },
    effects: [],
  };
}

function unlock(
  order: OrderState,
  actor: Actor,
  input: ActionInputs['unlock'],
  now: Date,
): TransitionResult {
  const current = activeLock(order, now);
  if (!current) return { ok: false, refusal: { code: 409, key: 'order.notLockedByYou' } };
  if (current.userId !== actor.userId && !(actor.admin && input.force)) {
    return {
      ok: false,
      refusal: { code: 409, key: 'order.lockedByOther', params: { name: current.userName } },
    };
  }
  const next = { ...order, lock: null };
  const comment = current.userId !== actor.userId ? `force: ${current.userName}` : '';
  return {
    ok: true,
    next,
    event: { action: 'unlock', comment, from: codes(order), to: codes(next) },
    effects: [],
  };
}
