import type { z } from 'zod';
import type { AdminUnit, moveBody, unitCreateBody, unitUpdateBody } from '@hotline/contract';
import {
  nextUnitCode,
  UNIT_PARENT_KINDS,
  unitCodePrefix,
  unitPlacementProblem,
  type MessageParams,
  type UnitKind,
} from '@hotline/domain';
import type { AppContext, Db } from '../../context';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { changesOf, recordAudit, type AuditActor } from '../audit';
import { fieldError } from '../intake/field-error';
import { both, joined, kindNames, pgConstraint, shownCount } from './org-refusals';
import * as repo from './unit.repository';
import { nameTakenUnder } from './sibling-names';

/**
 * The unit tree (组织机构): create, rename, move, disable, enable, delete. Where a unit may
 * sit is the domain's rule (`unitPlacementProblem`); each write is one transaction with its
 * audit row. Orders, users and row scopes name units by id, so a rename or a move shows
 * everywhere at once.
 */

const present = (row: repo.UnitRow, userCount: number): AdminUnit => ({
  id: row.id,
  code: row.code,
  name: row.name,
  kind: row.kind as UnitKind,
  parentId: row.parent_id,
  sort: row.sort,
  disabled: row.disabled,
  userCount,
});

const presentWithCount = async (db: Db, row: repo.UnitRow) =>
  present(row, await repo.enabledUserCount(db, row.id));

export async function listUnits(db: Db): Promise<AdminUnit[]> {
  return (await repo.listUnits(db)).map((r) => present(r, r.user_count));
}

async function lockUnit(
  trx: Db,
  id: number,
  lock: 'change' | 'delete' = 'change',
): Promise<repo.UnitRow> {
  const unit = await repo.findUnit(trx, id, lock);
  if (!unit) throw notFound('unit.notFound');
  return unit;
}

/** The new parent of a create or a move, checked: it exists and the kind may sit under it. */
async function checkedParent(
  trx: Db,
  kind: UnitKind,
  parentId: number | null,
): Promise<repo.UnitRow | null> {
  const parent = parentId === null ? null : await repo.findUnit(trx, parentId, 'share');
  if (parentId !== null && !parent) throw fieldError('parentId', 'unit.notFound', parentId);
  const problem = unitPlacementProblem(kind, (parent?.kind ?? null) as UnitKind | null);
  if (problem) {
    const params: MessageParams =
      problem.key === 'unit.parentKind'
        ? {
            kind: kindNames([kind]),
            parents: kindNames(UNIT_PARENT_KINDS[kind].filter((k) => k !== null)),
          }
        : {};
    throw badRequest('unit.parentInvalid', { reason: both(problem.key, params) });
  }
  return parent ?? null;
}

/** A unique-code violation (a parallel create took the code) answers like a taken code. */
function codeRace(error: unknown, code: string): never {
  if (pgConstraint(error, '23505') === 'units_code_key') throw conflict('unit.codeTaken', { code });
  throw error;
}

export async function createUnit(
  ctx: AppContext,
  actor: AuditActor,
  input: z.output<typeof unitCreateBody>,
): Promise<AdminUnit> {
  let code = input.code ?? '';
  const row = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const parent = await checkedParent(trx, input.kind, input.parentId);
      if (parent?.disabled) throw fieldError('parentId', 'unit.parentDisabled', input.parentId);
      if (await nameTakenUnder(trx, 'units', input.parentId, input.name))
        throw conflict('unit.nameTaken', { name: input.name });
      if (input.code !== undefined) {
        if (await repo.codeTaken(trx, input.code)) throw conflict('unit.codeTaken', { code });
      } else {
        const prefix = unitCodePrefix(input.kind, parent?.code ?? null);
        code = nextUnitCode(
          input.kind,
          parent?.code ?? null,
          await repo.codesStartingWith(trx, prefix),
        );
      }
      const created = await repo.insertUnit(trx, {
        code,
        name: input.name,
        kind: input.kind,
        parent_id: input.parentId,
        sort: input.sort,
      });
      await recordAudit(trx, actor, {
        action: 'unit.create',
        target: { type: 'unit', id: created.id, name: created.name },
        detail: {
          changes: changesOf(
            {},
            {
              code,
              name: input.name,
              kind: input.kind,
              parentId: input.parentId,
              sort: input.sort,
            },
          ),
        },
      });
      return created;
    })
    .catch((error: unknown) => codeRace(error, code));
  return present(row, 0);
}

export async function updateUnit(
  ctx: AppContext,
  actor: AuditActor,
  input: z.output<typeof unitUpdateBody>,
): Promise<AdminUnit> {
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const unit = await lockUnit(trx, input.id);
      const changes = changesOf(
        { name: unit.name, code: unit.code, sort: unit.sort },
        { name: input.name, code: input.code, sort: input.sort },
      );
      if (Object.keys(changes).length === 0) return presentWithCount(trx, unit);
      if (
        changes.name &&
        input.name !== undefined &&
        (await nameTakenUnder(trx, 'units', unit.parent_id, input.name, unit.id))
      )
        throw conflict('unit.nameTaken', { name: input.name });
      if (
        input.code !== undefined &&
        changes.code &&
        (await repo.codeTaken(trx, input.code, unit.id))
      )
        throw conflict('unit.codeTaken', { code: input.code });
      const row = await repo.updateUnit(trx, unit.id, {
        name: input.name ?? unit.name,
        code: input.code ?? unit.code,
        sort: input.sort ?? unit.sort,
      });
      await recordAudit(trx, actor, {
        action: 'unit.update',
        target: { type: 'unit', id: row.id, name: row.name },
        detail: { changes },
      });
      return presentWithCount(trx, row);
    })
    .catch((error: unknown) => codeRace(error, input.code ?? ''));
}

export async function moveUnit(
  ctx: AppContext,
  actor: AuditActor,
  input: z.output<typeof moveBody>,
): Promise<AdminUnit> {
  return ctx.db.transaction().execute(async (trx) => {
    const unit = await lockUnit(trx, input.id);
    if (unit.parent_id === input.parentId) return presentWithCount(trx, unit);
    // The kind layering already rules out cycles; a move under itself is refused all the same.
    if (input.parentId !== null && (await repo.ancestorIds(trx, input.parentId)).includes(unit.id))
      throw fieldError('parentId', 'unit.moveUnderItself', input.parentId);
    const parent = await checkedParent(trx, unit.kind as UnitKind, input.parentId);
    if (!unit.disabled && parent?.disabled)
      throw fieldError('parentId', 'unit.parentDisabled', input.parentId);
    if (await nameTakenUnder(trx, 'units', input.parentId, unit.name, unit.id))
      throw conflict('unit.nameTaken', { name: unit.name });
    const from = unit.parent_id === null ? null : await repo.findUnit(trx, unit.parent_id);
    const row = await repo.updateUnit(trx, unit.id, { parent_id: input.parentId });
    await recordAudit(trx, actor, {
      action: 'unit.move',
      target: { type: 'unit', id: row.id, name: row.name },
      detail: {
        changes: { parentId: [unit.parent_id, input.parentId] },
        from: from?.name ?? null,
        to: parent?.name ?? null,
      },
    });
    return presentWithCount(trx, row);
  });
}

export async function disableUnit(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
): Promise<AdminUnit> {
  return ctx.db.transaction().execute(async (trx) => {
    const unit = await lockUnit(trx, id);
    if (unit.disabled) return presentWithCount(trx, unit);
    const b = await repo.disableBlockers(trx, id);
    const reasons = [
      b.enabledUsers > 0 && both('unit.refEnabledUsers', { n: shownCount(b.enabledUsers) }),
      b.enabledSubUnits > 0 &&
        both('unit.refEnabledSubUnits', { n: shownCount(b.enabledSubUnits) }),
      b.openOrders > 0 && both('unit.refOpenOrders', { n: shownCount(b.openOrders) }),
    ].filter((r) => r !== false);
    if (reasons.length > 0)
      throw conflict('unit.disableBlocked', { name: unit.name, reasons: joined(reasons) });
    const row = await repo.updateUnit(trx, id, { disabled: true });
    await recordAudit(trx, actor, {
      action: 'unit.disable',
      target: { type: 'unit', id, name: unit.name },
      detail: { changes: { disabled: [false, true] } },
    });
    return present(row, 0);
  });
}

export async function enableUnit(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
): Promise<AdminUnit> {
  return ctx.db.transaction().execute(async (trx) => {
    const unit = await lockUnit(trx, id);
    if (!unit.disabled) return presentWithCount(trx, unit);
    const parent =
      unit.parent_id === null ? undefined : await repo.findUnit(trx, unit.parent_id, 'share');
    if (parent?.disabled) throw conflict('unit.enableParentDisabled', { parent: parent.name });
    const row = await repo.updateUnit(trx, id, { disabled: false });
    await recordAudit(trx, actor, {
      action: 'unit.enable',
      target: { type: 'unit', id, name: unit.name },
      detail: { changes: { disabled: [true, false] } },
    });
    return presentWithCount(trx, row);
  });
}

/** The references only the foreign keys find (no index to ask first), by constraint name. */
const REFERENCE_BY_CONSTRAINT = {
  work_orders_community_unit_id_fkey: 'unit.refCommunityOrders',
  order_events_actor_unit_id_fkey: 'unit.refEvents',
  order_requests_requested_unit_id_fkey: 'unit.refRequests',
  export_records_unit_id_fkey: 'unit.refExports',
} as const;

export async function deleteUnit(ctx: AppContext, actor: AuditActor, id: number): Promise<void> {
  let name = '';
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      const unit = await lockUnit(trx, id, 'delete');
      name = unit.name;
      const b = await repo.deleteBlockers(trx, id);
      const count = (n: number) => ({ n: shownCount(n) });
      const reasons = [
        b.users > 0 && both('unit.refUsers', count(b.users)),
        b.subUnits > 0 && both('unit.refSubUnits', count(b.subUnits)),
        b.hostOrders > 0 && both('unit.refHostOrders', count(b.hostOrders)),
        b.coHostOrders > 0 && both('unit.refCoHostOrders', count(b.coHostOrders)),
        b.hostOrders === 0 &&
          b.coHostOrders === 0 &&
          b.assignments > 0 &&
          both('unit.refAssignments'),
      ].filter((r) => r !== false);
      if (reasons.length > 0)
        throw conflict('unit.deleteBlocked', { name: unit.name, reasons: joined(reasons) });
      await repo.deleteUnit(trx, id);
      await recordAudit(trx, actor, {
        action: 'unit.delete',
        target: { type: 'unit', id, name: unit.name },
        detail: { code: unit.code, kind: unit.kind, parentId: unit.parent_id },
      });
    })
    .catch((error: unknown) => {
      const constraint = pgConstraint(error, '23503');
      if (constraint === null) throw error;
      const key = REFERENCE_BY_CONSTRAINT[constraint as keyof typeof REFERENCE_BY_CONSTRAINT];
      if (key) throw conflict('unit.deleteBlocked', { name, reasons: both(key) });
      throw conflict('unit.stillReferenced', { name });
    });
}
