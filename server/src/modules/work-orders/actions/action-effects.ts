import type { Actor, Effect, OrderState, TransitionEvent } from '@hotline/domain';
import type { Db } from '../../../context';
import { badRequest } from '../../../http/app-error';
import * as repo from './action.repository';

/**
 * The side tables of one transition (WORKFLOW section 5: assignments, review requests, visit
 * records, merges). `checkEffects` runs before anything is written; `applyEffects` inside the
 * action's transaction after the order row, so any failure rolls the whole action back.
 */

const HOST_KINDS: ReadonlySet<string> = new Set(['street', 'town', 'department']);

export interface EffectScope {
  trx: Db;
  before: OrderState;
  next: OrderState;
  event: TransitionEvent;
  actor: Actor;
  now: Date;
}

export async function applyEffects(scope: EffectScope, effects: readonly Effect[]): Promise<void> {
  const { trx, before, next, event, actor, now } = scope;
  const orderId = before.id;
  for (const effect of effects) {
    switch (effect.kind) {
      case 'assign':
        await repo.replaceAssignments(trx, orderId, effect.hostUnitId, effect.coHostUnitIds, now);
        break;
      case 'openRequest':
        await repo.openRequest(trx, {
          orderId,
          kind: effect.request.kind,
          hours: effect.request.hours ?? null,
          tichuType: effect.request.tichuType ?? null,
          reason: event.comment,
          userId: actor.userId,
          unitId: actor.unitId,
          at: now,
        });
        break;
      case 'closeRequest':
        await repo.closeRequest(trx, {
          orderId,
          approved: effect.approved,
          userId: actor.userId,
          comment: event.comment,
          at: now,
        });
        break;
      case 'visitRecord':
        await repo.insertVisit(trx, {
          orderId,
          attempt: effect.attempt,
          reached: effect.reached,
          hostContacted: effect.reached ? next.visitHostContacted : null,
          resolved: effect.reached ? next.visitResolved : null,
          satisfaction: effect.reached ? next.visitResult : null,
          remark: event.comment,
          visitorId: actor.userId,
          at: now,
        });
        break;
      case 'merge':
        await repo.insertMerge(trx, {
          orderId,
          intoId: effect.intoId,
          userId: actor.userId,
          reason: event.comment,
          at: now,
        });
        break;
    }
  }
  // Without a new assignment, the current one follows the host status.
  const reassigned = effects.some((e) => e.kind === 'assign');
  if (!reassigned && before.mainOrgStatus !== next.mainOrgStatus && next.hostUnitId !== null) {
    await repo.followHostStatus(trx, orderId, before.mainOrgStatus, next.mainOrgStatus, now);
  }
}

/** The references effects will write: hosts and co-hosts are streets, towns or departments. */
export async function checkEffects(trx: Db, effects: readonly Effect[]): Promise<void> {
  for (const effect of effects) {
    if (effect.kind !== 'assign') continue;
    const ids = [effect.hostUnitId, ...effect.coHostUnitIds];
    const units = await repo.unitsByIds(trx, ids);
    const valid = new Set(units.filter((u) => HOST_KINDS.has(u.kind)).map((u) => u.id));
    if (ids.every((id) => valid.has(id))) continue;
    // A disabled unit is named (the dispatcher may have a stale picker); anything else is
    // simply not a host unit.
    const disabled = await repo.disabledUnits(
      trx,
      ids.filter((id) => !valid.has(id)),
    );
    const unit = disabled.find((u) => u.id === effect.hostUnitId) ?? disabled[0];
    if (unit) {
      throw badRequest('unit.targetDisabled', {
        field: unit.id === effect.hostUnitId ? 'hostUnitId' : 'coHostUnitIds',
        name: unit.name,
      });
    }
    throw badRequest('order.hostInvalid');
  }
}
