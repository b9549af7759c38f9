import type { FastifyInstance } from 'fastify';
import { menuEndpoints as ep } from '@hotline/contract';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { queueCounts } from '../work-orders/reads/count.service';
import { countedQueues, readerFor, typeIdsFor } from '../work-orders/reads/list-access';
import { buildTree, menuFor } from './menu.service';

export function menuRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.menu, async (request) => {
      const auth = caller(request);
      const rows = await menuFor(ctx, auth);
      // 218: nothing but the home page is visible; the console shows /nopaml.
      if (rows.every((r) => r.key === 'home')) throw new AppError(218, 'auth.noMenu');
      if (request.query.get_id === '1') return ok({ list: rows.map((r) => r.id) });
      // Queue entries carry their count as the badge: the same statement as lists/counts.
      const reader = await readerFor(ctx, auth, rows);
      const types = typeIdsFor(reader, undefined, 'queue');
      const badges = await queueCounts(ctx, reader, countedQueues(reader), types);
      return ok({ list: buildTree(rows, badges) });
    });
  };
}
