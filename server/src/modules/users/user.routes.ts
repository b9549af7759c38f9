import type { FastifyInstance } from 'fastify';
import { authEndpoints as ep } from '@hotline/contract';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { registerAccountRoutes } from './account.routes';
import { presentUserInfo } from './user-info.presenter';

/**
 * The signed-in user's profile (spec "Login and session": GET /user/userInfo) and own account
 * (password policy and change).
 */
export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.userInfo, async (request) => {
      const auth = caller(request);
      // 217: an account with no rule strings can do nothing; the console shows /nopaml.
      if (!auth.acl.admin && auth.rules.length === 0) throw new AppError(217, 'auth.noPermission');
      return ok(presentUserInfo(auth));
    });
    registerAccountRoutes(app, ctx);
  };
}
