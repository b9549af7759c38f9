import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  gridTreeBody,
  gridTreeResponse,
  hostTreeResponse,
  unitChildrenBody,
  unitChildrenResponse,
} from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import { READ_TAGS } from './list-access';
import { gridTree, hostTree, unitChildren } from './org-tree.service';

export const departmentDictResponse = envelope(
  z.object({
    list: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.string() })),
  }),
);

export function orgTreeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/org/queryOrgInfoHdTree', {
    schema: {
      tags: READ_TAGS,
      summary: 'Host units for dispatch: streets, towns and departments, grouped',
      response: { 200: hostTreeResponse },
    },
    handler: async (request) =>
      ok({ list: await hostTree(ctx.db, request.lang) }, translate('ok', request.lang)),
  });
  r.post('/lists/getZbTargDepartDict', {
    schema: {
      tags: READ_TAGS,
      summary: 'Units an order can be transferred to (the host units, flat)',
      response: { 200: departmentDictResponse },
    },
    handler: async (request) => {
      const groups = await hostTree(ctx.db, request.lang);
      const list = groups.flatMap((g) =>
        g.children.map((u) => ({ id: u.id, name: u.name, kind: u.kind })),
      );
      return ok({ list }, translate('ok', request.lang));
    },
  });
  r.post('/sjs/querychild', {
    schema: {
      tags: READ_TAGS,
      summary: 'Children of one unit',
      body: unitChildrenBody,
      response: { 200: unitChildrenResponse },
    },
    handler: async (request) =>
      ok({ list: await unitChildren(ctx.db, request.body.id) }, translate('ok', request.lang)),
  });
  r.post('/org/treeWangGe', {
    schema: {
      tags: READ_TAGS,
      summary: 'Grid tree: communities and villages under streets and towns (id: one of them)',
      body: gridTreeBody,
      response: { 200: gridTreeResponse },
    },
    handler: async (request) =>
      ok({ list: await gridTree(ctx.db, request.body.id) }, translate('ok', request.lang)),
  });
}
