import type { FastifyInstance } from 'fastify';
import { listEndpoints, type CategoryNode } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext, Db } from '../../../context';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';

/**
 * lists/categoryTree (ours): the problem-category tree (field → matter → problem) for the
 * list filter and the intake form, which needs a level-3 category. Not confidential: every
 * signed-in user may read it.
 */

export async function categoryTree(db: Db): Promise<CategoryNode[]> {
  const rows = await db
    .selectFrom('problem_categories')
    .select(['id', 'code', 'name', 'level', 'parent_id'])
    .orderBy('level')
    .orderBy('sort')
    .orderBy('code')
    .execute();
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
  route(app, listEndpoints.categoryTree, async (request) =>
    ok({ list: await categoryTree(ctx.db) }, translate('ok', request.lang)),
  );
}
