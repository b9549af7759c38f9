import type { FastifyInstance } from 'fastify';
import { listEndpoints, pickerTreeBody, type CategoryNode } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext, Db } from '../../../context';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';
import { parseOrThrow } from '../../../http/validation';

/**
 * lists/categoryTree (ours): the problem-category tree (field → matter → problem) for the
 * intake form, which needs a level-3 category, and the list filter. Not confidential: every
 * signed-in user may read it. It offers enabled categories only; `all: 1` (the list filter)
 * adds the disabled ones, which old orders still name. Read on every call, never cached.
 */

export async function categoryTree(
  db: Db,
  options: { withDisabled?: boolean } = {},
): Promise<CategoryNode[]> {
  let query = db
    .selectFrom('problem_categories')
    .select(['id', 'code', 'name', 'level', 'parent_id']);
  if (!options.withDisabled) query = query.where('disabled', '=', false);
  const rows = await query.orderBy('level').orderBy('sort').orderBy('code').execute();
  const byId = new Map<number, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = { id: row.id, code: row.code, name: row.name, level: row.level, children: [] };
    byId.set(row.id, node);
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    if (parent) parent.children.push(node);
    else if (row.parent_id === null) roots.push(node);
  }
  return roots;
}

export function categoryTreeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, listEndpoints.categoryTree, async (request) => {
    // Parsed here as well as by the route, so the flag works whether or not the declaration
    // names the body.
    const body = parseOrThrow(pickerTreeBody, request.body);
    const list = await categoryTree(ctx.db, { withDisabled: body?.all === true });
    return ok({ list }, translate('ok', request.lang));
  });
}
