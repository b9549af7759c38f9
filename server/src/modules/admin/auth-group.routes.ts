import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authDeleteBody,
  authGetBody,
  authGetResponse,
  authGroupResponse,
  authSetBody,
  authUpdateBody,
  batchUpdateGroupBody,
  batchUpdateGroupResponse,
  messageResponse,
} from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import * as service from './auth-group.service';

const tags = ['auth admin'];
const config = { access: 'admin' as const };

export function authGroupRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/auth/get', {
      config,
      schema: {
        tags,
        summary: 'Roles and their rule strings',
        body: authGetBody,
        response: { 200: authGetResponse },
      },
      handler: async (request) => {
        const { pageNo, pageSize } = request.body;
        return ok(await service.listGroups(ctx.db, (pageNo - 1) * pageSize, pageSize));
      },
    });
    r.post('/auth/set', {
      config,
      schema: {
        tags,
        summary: 'Create a role',
        body: authSetBody,
        response: { 200: authGroupResponse },
      },
      handler: async (request) =>
        ok(await service.createGroup(ctx, request.body), translate('ok', request.lang)),
    });
    r.post('/auth/update', {
      config,
      schema: {
        tags,
        summary: 'Change a role',
        body: authUpdateBody,
        response: { 200: authGroupResponse },
      },
      handler: async (request) =>
        ok(await service.updateGroup(ctx, request.body), translate('ok', request.lang)),
    });
    r.post('/auth/delete', {
      config,
      schema: {
        tags,
        summary: 'Delete a role no user holds',
        body: authDeleteBody,
        response: { 200: messageResponse },
      },
      handler: async (request) => {
        await service.deleteGroup(ctx, request.body.id);
        return ok({}, translate('ok', request.lang));
      },
    });
    r.post('/admin/batchupdategroup', {
      config,
      schema: {
        tags,
        summary: 'Set the roles of several users at once',
        body: batchUpdateGroupBody,
        response: { 200: batchUpdateGroupResponse },
      },
      handler: async (request) =>
        ok(
          {
            updated: await service.setUserGroups(ctx, request.body.userIds, request.body.groupIds),
          },
          translate('ok', request.lang),
        ),
    });
  };
}
