import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext, Db } from '../../context';
import { ok } from '../../http/reply';
import { READ_TAGS } from './list-access';

/**
 * lists/categoryTree (ours): the problem-category tree (field → matter → problem) for the
 * list filter and the intake form, which needs a level-3 category. Not confidential: every
 * signed-in user may read it.
 */

export interface CategoryNode {
  id: number;
  code: string;
  name: string;
  level: number;
  children: CategoryNode[];
}

const categoryNode: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    level: z.number().int(),
    children: z.array(categoryNode),
  }),
);
export const categoryTreeResponse = envelope(z.object({ list: z.array(categoryNode) }));

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
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/lists/categoryTree', {
    schema: {
      tags: READ_TAGS,
      summary: 'The problem-category tree (three levels; intake takes a level-3 category)',
      response: { 200: categoryTreeResponse },
    },
    handler: async (request) =>
      ok({ list: await categoryTree(ctx.db) }, translate('ok', request.lang)),
  });
}
