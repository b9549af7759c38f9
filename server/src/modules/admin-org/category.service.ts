import type { z } from 'zod';
import type {
  AdminCategory,
  categoryCreateBody,
  categoryUpdateBody,
  moveBody,
} from '@hotline/contract';
import { categoryMoveProblem, newCategoryLevel, nextCategoryCode } from '@hotline/domain';
import type { AppContext, Db } from '../../context';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { changesOf, recordAudit, type AuditActor } from '../audit';
import { fieldError } from '../intake/field-error';
import * as repo from './category.repository';
import { nameTakenUnder } from './sibling-names';
import { pgConstraint } from './org-refusals';

/**
 * The problem categories (问题分类): three levels, orders take level 3. A disabled category
 * (and everything below it) stays on the orders that name it — lists, detail and exports show
 * its name — and is no longer offered for new orders. Codes never change: the city's
 * integration pushes orders by category code.
 */

const present = (row: repo.CategoryRow): AdminCategory => ({
  id: row.id,
  code: row.code,
  name: row.name,
  parentId: row.parent_id,
  level: row.level,
  sort: row.sort,
  disabled: row.disabled,
});

export async function listCategories(db: Db): Promise<AdminCategory[]> {
  return (await repo.listCategories(db)).map(present);
}

async function lockCategory(trx: Db, id: number): Promise<repo.CategoryRow> {
  const row = await repo.findCategory(trx, id, 'change');
  if (!row) throw notFound('category.notFound');
  return row;
}

async function findParent(trx: Db, parentId: number | null): Promise<repo.CategoryRow | null> {
  if (parentId === null) return null;
  const parent = await repo.findCategory(trx, parentId, 'share');
  if (!parent) throw fieldError('parentId', 'category.notFound', parentId);
  return parent;
}

export async function createCategory(
  ctx: AppContext,
  actor: AuditActor,
  input: z.output<typeof categoryCreateBody>,
): Promise<AdminCategory> {
  let code = input.code ?? '';
  const row = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const parent = await findParent(trx, input.parentId);
      const placed = newCategoryLevel(parent?.level ?? null);
      if ('key' in placed) throw badRequest(placed.key, placed.params);
      if (parent?.disabled) throw fieldError('parentId', 'category.parentDisabled', input.parentId);
      if (await nameTakenUnder(trx, 'problem_categories', input.parentId, input.name))
        throw conflict('category.nameTaken', { name: input.name });
      if (input.code !== undefined) {
        if (await repo.codeTaken(trx, input.code)) throw conflict('category.codeTaken', { code });
      } else {
        const prefix = parent?.code ?? 'C';
        code = nextCategoryCode(parent?.code ?? null, await repo.codesStartingWith(trx, prefix));
      }
      const created = await repo.insertCategory(trx, {
        code,
        name: input.name,
        parent_id: input.parentId,
        level: placed.level,
        sort: input.sort,
      });
      await recordAudit(trx, actor, {
        action: 'category.create',
        target: { type: 'category', id: created.id, name: created.name },
        detail: {
          changes: changesOf(
            {},
            { code, name: input.name, parentId: input.parentId, level: placed.level },
          ),
        },
      });
      return created;
    })
    .catch((error: unknown) => {
      if (pgConstraint(error, '23505') === 'problem_categories_code_key')
        throw conflict('category.codeTaken', { code });
      throw error;
    });
  return present(row);
}

export async function updateCategory(
  ctx: AppContext,
  actor: AuditActor,
  input: z.output<typeof categoryUpdateBody>,
): Promise<AdminCategory> {
  return ctx.db.transaction().execute(async (trx) => {
    const category = await lockCategory(trx, input.id);
    const changes = changesOf(
      { name: category.name, sort: category.sort },
      { name: input.name, sort: input.sort },
    );
    if (Object.keys(changes).length === 0) return present(category);
    if (
      changes.name &&
      input.name !== undefined &&
      (await nameTakenUnder(trx, 'problem_categories', category.parent_id, input.name, category.id))
    )
      throw conflict('category.nameTaken', { name: input.name });
    const row = await repo.updateCategory(trx, category.id, {
      name: input.name ?? category.name,
      sort: input.sort ?? category.sort,
    });
    await recordAudit(trx, actor, {
      action: 'category.update',
      target: { type: 'category', id: row.id, name: row.name },
      detail: { changes },
    });
    return present(row);
  });
}

export async function moveCategory(
  ctx: AppContext,
  actor: AuditActor,
  input: z.output<typeof moveBody>,
): Promise<AdminCategory> {
  return ctx.db.transaction().execute(async (trx) => {
    const category = await lockCategory(trx, input.id);
    if (category.parent_id === input.parentId) return present(category);
    const parent = await findParent(trx, input.parentId);
    // The new parent is one level up, so it is never the category itself nor below it.
    const problem = categoryMoveProblem(category.level, parent?.level ?? null);
    if (problem) throw badRequest(problem.key, problem.params);
    if (!category.disabled && parent?.disabled)
      throw fieldError('parentId', 'category.parentDisabled', input.parentId);
    if (await nameTakenUnder(trx, 'problem_categories', input.parentId, category.name, category.id))
      throw conflict('category.nameTaken', { name: category.name });
    const from =
      category.parent_id === null ? undefined : await repo.findCategory(trx, category.parent_id);
    const row = await repo.updateCategory(trx, category.id, { parent_id: input.parentId });
    await recordAudit(trx, actor, {
      action: 'category.move',
      target: { type: 'category', id: row.id, name: row.name },
      detail: {
        changes: { parentId: [category.parent_id, input.parentId] },
        from: from?.name ?? null,
        to: parent?.name ?? null,
      },
    });
    return present(row);
  });
}

/** Disables the category and every enabled category below it. */
export async function disableCategory(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
): Promise<AdminCategory> {
  return ctx.db.transaction().execute(async (trx) => {
    const category = await lockCategory(trx, id);
    if (category.disabled) return present(category);
    const row = await repo.updateCategory(trx, id, { disabled: true });
    const below = await repo.disableDescendants(trx, id);
    await recordAudit(trx, actor, {
      action: 'category.disable',
      target: { type: 'category', id, name: category.name },
      detail: { changes: { disabled: [false, true] }, alsoDisabled: below },
    });
    return present(row);
  });
}

/** Enables the category itself (its parent must be enabled; its children stay as they are). */
export async function enableCategory(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
): Promise<AdminCategory> {
  return ctx.db.transaction().execute(async (trx) => {
    const category = await lockCategory(trx, id);
    if (!category.disabled) return present(category);
    const parent =
      category.parent_id === null
        ? undefined
        : await repo.findCategory(trx, category.parent_id, 'share');
    if (parent?.disabled) throw conflict('category.enableParentDisabled', { parent: parent.name });
    const row = await repo.updateCategory(trx, id, { disabled: false });
    await recordAudit(trx, actor, {
      action: 'category.enable',
      target: { type: 'category', id, name: category.name },
      detail: { changes: { disabled: [true, false] } },
    });
    return present(row);
  });
}
