import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { colsResponse, getColsBody, setColsBody } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { categoryTreeRoutes } from './category-tree.routes';
import { getCols, setCols } from './cols.service';
import { READ_TAGS } from './list-access';

export function colsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/cols/setCols', {
    schema: {
      tags: READ_TAGS,
      summary: 'Store the caller list columns (at most 200) and table look under a key',
      body: setColsBody,
      response: { 200: colsResponse },
    },
    handler: async (request) => {
      const { key, cols, table } = request.body;
      await setCols(ctx, caller(request).userId, key, cols, table ?? null);
      return ok({ key, cols, ...(table ? { table } : {}) }, translate('ok', request.lang));
    },
  });
  r.post('/cols/getCols', {
    schema: {
      tags: READ_TAGS,
      summary: 'The caller list columns stored under a key (null when never set)',
      body: getColsBody,
      response: { 200: colsResponse },
    },
    handler: async (request) => {
      const { key } = request.body;
      const saved = await getCols(ctx, caller(request).userId, key);
      const table = saved?.table;
      return ok(
        { key, cols: saved?.cols ?? null, ...(table ? { table } : {}) },
        translate('ok', request.lang),
      );
    },
  });
  // the category tree the list filter and the intake form choose from
  categoryTreeRoutes(app, ctx);
}
