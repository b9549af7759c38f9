import { applyTransition, availableActions, type Refusal, type StateCodes } from '@hotline/domain';
import type { AppContext } from '../../../context';
import type { AuthContext } from '../../auth/auth-context';
import * as reads from './action-read.repository';
import { actorFrom } from '../actor';
import { loadWorkflowConfig } from '../lifecycle-settings';
import { readableOrder } from '../order-access';

/**
 * The read-only companions of the actions (who hosts it, its return history, may I return it,
 * its attributes). Same row scope as the actions: outside it the order does not exist.
 */

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** org/queryHandleOrgInfo: the current host and co-hosts, and every assignment so far. */
export async function handleOrgInfo(ctx: AppContext, auth: AuthContext, id: number) {
  await readableOrder(ctx.db, auth, id);
  const rows = await reads.assignmentsOf(ctx.db, id);
  const history = rows.map((r) => ({
    unitId: r.unit_id,
    unitName: r.name,
    unitKind: r.kind,
    role: r.role,
    status: r.status,
    active: r.active,
    assignedAt: r.assigned_at.toISOString(),
    signedAt: iso(r.signed_at),
    repliedAt: iso(r.replied_at),
  }));
  const current = history.filter((a) => a.active);
  return {
    host: current.find((a) => a.role === 'host') ?? null,
    coHosts: current.filter((a) => a.role === 'cohost'),
    history,
  };
}

const RETURN_ACTIONS = ['apply_return', 'approve_return', 'reject_return'];

/** org/handleBackOrgQuery: the order's return requests and their decisions, oldest first. */
export async function returnHistory(ctx: AppContext, auth: AuthContext, id: number) {
  await readableOrder(ctx.db, auth, id);
  const rows = await reads.eventsOf(ctx.db, id, RETURN_ACTIONS);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actorId: r.actor_id,
    actorName: r.realname ?? '',
    unitId: r.actor_unit_id,
    unitName: r.name ?? '',
    from: r.from_state as StateCodes | null,
    to: r.to_state as StateCodes | null,
    comment: r.comment,
    createdAt: r.created_at.toISOString(),
  }));
}

/**
 * org/returnPermission. `canReturn`: the caller may apply for a return now. `canRefuse`: the
 * caller may refuse the order — a dispatcher at sign time, or a host that has not signed yet
 * while the refusal window (`refuseDeadline`) is open. `refusal`: why a return is not possible.
 */
export async function returnPermission(ctx: AppContext, auth: AuthContext, id: number) {
  const { state } = await readableOrder(ctx.db, auth, id);
  const actor = actorFrom(auth);
  const now = ctx.now();
  const abilities = availableActions(state, actor, now);
  const canReturn = abilities.includes('apply_return');
  const windowOpen = state.refuseDeadline !== null && now < state.refuseDeadline;
  const canRefuse = abilities.includes('refuse')
    ? windowOpen || state.refuseDeadline === null
    : canReturn && state.mainOrgStatus === 0 && windowOpen;
  let refusal: Refusal | null = null;
  if (!canReturn) {
    const config = await loadWorkflowConfig(ctx.db);
    const dryRun = applyTransition(state, 'apply_return', actor, { reason: '-' }, now, config);
    refusal = dryRun.ok ? null : dryRun.refusal;
  }
  return { canReturn, canRefuse, refuseDeadline: iso(state.refuseDeadline), refusal };
}

/** queryOrderAttributeSjs: the attributes updateOrderAttributeSjs edits. */
export async function orderAttributes(ctx: AppContext, auth: AuthContext, id: number) {
  const { row } = await readableOrder(ctx.db, auth, id);
  return {
    id: row.id,
    labels: row.labels,
    sevenFiveCategory: row.seven_five_category,
    riskLevel: row.risk_level,
    orderNature: row.order_nature,
  };
}
