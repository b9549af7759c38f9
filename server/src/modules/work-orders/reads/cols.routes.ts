import type { FastifyInstance } from 'fastify';
import { listEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { caller } from '../../../http/access';
import { ok } from '../../../http/reply';
import { route } from '../../../http/route';
import { getCols, setCols } from './cols.service';

export function colsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ep.setCols, async (request) => {
    const { key, cols, table } = request.body;
    await setCols(ctx, caller(request).userId, key, cols, table ?? null);
    return ok({ key, cols, ...(table ? { table } : {}) }, translate('ok', request.lang));
  });
  route(app, ep.getCols, async (request) => {
    const { key } = request.body;
    const saved = await getCols(ctx, caller(request).userId, key);
    const table = saved?.table;
    return ok(
      { key, cols: saved?.cols ?? null, ...(table ? { table } : {}) },
      translate('ok', request.lang),
    );
  });
}
