import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addConfigBody,
  addGroupBody,
  configEntryResponse,
  configGroupListResponse,
  configListBody,
  configListResponse,
  deleteConfigBody,
  deleteGroupBody,
  messageResponse,
  saveConfigBody,
  saveGroupBody,
} from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import * as repo from './config.repository';
import { presentConfigEntry } from './config.presenter';
import * as service from './config.service';

const tags = ['config'];

export function configRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // getConfig/getConfigList: signed-in users; non-admins see the public (web) entries only.
    // getWebConfig/getWebConfigList: public entries, no login needed (the login page reads them).
    const lists: { url: string; access: 'user' | 'public'; webOnly: boolean }[] = [
      { url: '/getConfig', access: 'user', webOnly: false },
      { url: '/getConfigList', access: 'user', webOnly: false },
      { url: '/getWebConfig', access: 'public', webOnly: true },
      { url: '/getWebConfigList', access: 'public', webOnly: true },
    ];
    for (const { url, access, webOnly } of lists) {
      r.post(url, {
        config: { access },
        schema: {
          tags,
          summary: 'Config entries of a group, paged',
          body: configListBody,
          response: { 200: configListResponse },
        },
        handler: async (request) => {
          const { group, pageNo, pageSize } = request.body;
          const publicOnly = webOnly || !request.auth?.acl.admin;
          const { rows, total } = await repo.listEntries(ctx.db, {
            group,
            publicOnly,
            offset: (pageNo - 1) * pageSize,
            limit: pageSize,
          });
          return ok({ lists: rows.map(presentConfigEntry), total, pageNo, pageSize });
        },
      });
    }

    const admin = { access: 'admin' as const };
    const done = (lang: 'zh' | 'en') => translate('ok', lang);

    r.post('/config/getgroup', {
      config: admin,
      schema: { tags, summary: 'Config groups', response: { 200: configGroupListResponse } },
      handler: async () => {
        const groups = await repo.listGroups(ctx.db);
        return ok({ list: groups.map((g) => ({ ...g, entries: Number(g.entries ?? 0) })) });
      },
    });
    r.post('/config/addgroup', {
      config: admin,
      schema: {
        tags,
        summary: 'Add a config group',
        body: addGroupBody,
        response: { 200: messageResponse },
      },
      handler: async (request) => {
        await service.addGroup(ctx, request.body);
        return ok({}, done(request.lang));
      },
    });
    r.post('/config/savegroup', {
      config: admin,
      schema: {
        tags,
        summary: 'Rename or re-sort a config group',
        body: saveGroupBody,
        response: { 200: messageResponse },
      },
      handler: async (request) => {
        await service.saveGroup(ctx, request.body);
        return ok({}, done(request.lang));
      },
    });
    r.post('/config/deletegroup', {
      config: admin,
      schema: {
        tags,
        summary: 'Delete an empty config group',
        body: deleteGroupBody,
        response: { 200: messageResponse },
      },
      handler: async (request) => {
        await service.deleteGroup(ctx, request.body.name);
        return ok({}, done(request.lang));
      },
    });
    r.post('/config/add', {
      config: admin,
      schema: {
        tags,
        summary: 'Add a config entry',
        body: addConfigBody,
        response: { 200: configEntryResponse },
      },
      handler: async (request) =>
        ok(presentConfigEntry(await service.addEntry(ctx, request.body)), done(request.lang)),
    });
    r.post('/config/save', {
      config: admin,
      schema: {
        tags,
        summary: 'Change a config entry',
        body: saveConfigBody,
        response: { 200: configEntryResponse },
      },
      handler: async (request) =>
        ok(presentConfigEntry(await service.saveEntry(ctx, request.body)), done(request.lang)),
    });
    r.post('/config/delete', {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a config entry',
        body: deleteConfigBody,
        response: { 200: messageResponse },
      },
      handler: async (request) => {
        await service.deleteEntry(ctx, request.body.id);
        return ok({}, done(request.lang));
      },
    });
  };
}
