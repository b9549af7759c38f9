import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actionRoutes } from './actions/action.routes';
import { detailRoutes } from './detail/detail.routes';
import { lockRoutes } from './locks/lock.routes';
import { colsRoutes } from './reads/cols.routes';
import { listRoutes } from './reads/list.routes';
import { categoryTreeRoutes } from './trees/category-tree.routes';
import { orgTreeRoutes } from './trees/org-tree.routes';

/**
 * Every work-order route, by concern: actions (one transaction each), locks, the reads (queue
 * lists, counts, column preferences), one order's detail, and the unit and category trees.
 */
export function workOrderRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    actionRoutes(app, ctx);
    lockRoutes(app, ctx);
    listRoutes(app, ctx);
    colsRoutes(app, ctx);
    detailRoutes(app, ctx);
    orgTreeRoutes(app, ctx);
    categoryTreeRoutes(app, ctx);
  };
}
