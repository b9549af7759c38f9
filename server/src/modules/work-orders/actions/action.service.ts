import type { OrderEdits } from '@hotline/contract';
import {
  ACTION_NAMES,
  TABLE,
  applyTransition,
  availableActions,
  type ActionInputs,
  type ActionName,
  type Actor,
  type OrderState,
} from '@hotline/domain';
import type { AppContext } from '../../../context';
import type { ActionHooks, ActionOutcome } from '../../../ports';
import { AppError, conflict, forbidden } from '../../../http/app-error';
import type { AuthContext } from '../../auth/auth-context';
import { applyEffects, checkEffects } from './action-effects';
import * as repo from './action.repository';
import { actorFrom } from '../actor';
import { checkEdit, planEdit, type EditPlan } from './edit.service';
import { loadWorkflowConfig } from '../lifecycle-settings';
import { workCalendar } from '../../work-calendar/calendar-cache';
import { syncDeadlineJobs } from '../../deadlines/deadline-sync';
import { actableOrder } from '../order-access';
import { columnChanges, type LoadedOrder } from '../order-state';

/**
 * Every work-order action runs here, in ONE transaction: lock the order row, check the row
 * scope, let the domain decide, write the order, its lock row, the side tables and one event.
 * Nothing is announced before the commit; the outcome carries what a notifier needs.
 */

type DomainStep = { [A in ActionName]: { action: A; input: ActionInputs[A] } }[ActionName];

/** What a route asks for. Merge, edit and request decisions are resolved under the row lock. */
export type ActionRequest =
  | Exclude<DomainStep, { action: 'merge' | 'edit' }>
  | { action: 'merge'; input: { intoId: number; comment?: string | undefined } }
  | { action: 'edit'; input: { edits: OrderEdits } }
  | { action: 'decide_request'; input: { pass: boolean; comment?: string | undefined } };

// The outcome and its after-commit hook are ports core declares (ports.ts).
export type { ActionEvent, ActionHooks, ActionOutcome } from '../../../ports';

export async function runAction(
  ctx: AppContext & ActionHooks,
  auth: AuthContext,
  orderId: number,
  request: ActionRequest,
): Promise<ActionOutcome> {
  const actor = actorFrom(auth);
  const now = ctx.now();
  // Deadlines set by this action count working days on the calendar (cached; read before the
  // transaction: an embedded database has one connection).
  const calendar = await workCalendar(ctx);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const intoId = request.action === 'merge' ? request.input.intoId : undefined;
    const { loaded, into } = await actableOrder(trx, actor, orderId, intoId);
    const before = loaded.state;
    const config = { ...(await loadWorkflowConfig(trx)), calendar };
    const { step, plan } = resolveStep(actor, request, loaded, into);
    const result = applyTransition(before, step.action, actor, step.input, now, config);
    if (!result.ok) {
      const { code, key, params } = result.refusal;
      throw new AppError(code, key, params);
    }
    if (plan) await checkEdit(trx, plan, actor, before);
    await checkEffects(trx, result.effects);
    const { next, event } = result;
    const row = await repo.updateOrder(
      trx,
      orderId,
      { ...columnChanges(before, next), ...plan?.columns },
      now,
    );
    await repo.syncLock(trx, orderId, before.lock, next.lock, now);
    await applyEffects({ trx, before, next, event, actor, now }, result.effects);
    // Reminders and escalation follow the deadlines this action set, moved or cleared.
    if (deadlinesMoved(before, next)) await syncDeadlineJobs(trx, orderId);
    const comment = plan ? plan.comment : event.comment;
    const saved = await repo.insertEvent(trx, {
      orderId,
      action: step.action,
      actorId: actor.userId,
      actorUnitId: actor.unitId,
      from: event.from,
      to: event.to,
      comment,
      at: now,
    });
    return {
      before,
      after: next,
      row,
      event: {
        id: saved.id,
        action: step.action,
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

/** Whether an action changed what the reminder and escalation plan reads. */
function deadlinesMoved(before: OrderState, next: OrderState): boolean {
  return (
    before.status !== next.status ||
    before.mainOrgStatus !== next.mainOrgStatus ||
    before.mergedIntoId !== next.mergedIntoId ||
    before.refuseDeadline?.getTime() !== next.refuseDeadline?.getTime() ||
    before.deadline?.getTime() !== next.deadline?.getTime()
  );
}

/** Domain input for the request; an edit also yields the column plan. */
function resolveStep(
  actor: Actor,
  request: ActionRequest,
  loaded: LoadedOrder,
  into: LoadedOrder | undefined,
): { step: DomainStep; plan?: EditPlan } {
  switch (request.action) {
    case 'merge': {
      const { intoId, comment } = request.input;
      // A missing or invisible target stands in as a closed order: the domain then checks
      // role and state first and refuses it as an invalid target, never revealing which.
      const target = into
        ? {
            id: into.state.id,
            status: into.state.status,
            mergedIntoId: into.state.mergedIntoId,
          }
        : { id: intoId, status: 92, mergedIntoId: null };
      return { step: { action: 'merge', input: { into: target, comment } } };
    }
    case 'edit': {
      const plan = planEdit(loaded.row, request.input.edits);
      return { step: { action: 'edit', input: { fields: plan.fields } }, plan };
    }
    case 'decide_request':
      return { step: decideRequest(loaded.state, actor, request.input) };
    default:
      return { step: request };
  }
}

const EITHER_REQUEST = { zh: '延期或剔除', en: 'extension or exclusion' };

/** Approve or reject whichever request is pending (extension or exclusion). */
function decideRequest(
  order: OrderState,
  actor: Actor,
  input: { pass: boolean; comment?: string | undefined },
): DomainStep {
  const kind = order.pendingRequest?.kind;
  if (!kind) {
    // Role before state, as for every action: only a reviewer learns there is nothing pending.
    if (!TABLE.approve_extension.who(actor, order)) {
      throw forbidden('order.roleRequired', { action: ACTION_NAMES.approve_extension });
    }
    throw conflict('order.noPendingRequest', { kind: EITHER_REQUEST });
  }
  const comment = input.comment ?? '';
  if (kind === 'extension') {
    return input.pass
      ? { action: 'approve_extension', input: { comment } }
      : { action: 'reject_extension', input: { comment } };
  }
  return input.pass
    ? { action: 'approve_exclusion', input: { comment } }
    : { action: 'reject_exclusion', input: { comment } };
}
