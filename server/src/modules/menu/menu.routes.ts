import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { menuQuery, menuResponse } from '@hotline/contract';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/reply';
import { buildTree, menuFor } from './menu.service';

export function menuRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get('/rule/menu', {
      schema: {
        tags: ['config'],
        summary:
          'Route tree for this user (hidden routes flagged in meta); get_id=1 returns the ids only',
        querystring: menuQuery,
        response: { 200: menuResponse },
      },
      handler: async (request) => {
        const rows = await menuFor(ctx, caller(request));
        // 218: nothing but the home page is visible; the console shows /nopaml.
        if (rows.every((r) => r.key === 'home')) throw new AppError(218, 'auth.noMenu');
        if (request.query.get_id === '1') return ok({ list: rows.map((r) => r.id) });
        return ok({ list: buildTree(rows) });
      },
    });
  };
}
