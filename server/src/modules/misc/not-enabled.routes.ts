import type { FastifyInstance } from 'fastify';
import { translate } from '@hotline/domain';
import { notEnabledResponse } from '@hotline/contract';

/**
 * Spec paths whose purpose needs a third-party system this deployment does not have (WeChat,
 * social login, scan registration, an external org directory). They answer 501 with a clear
 * message instead of a bare 404, and docs/api.md lists them.
 */
export const NOT_ENABLED_PATHS: readonly {
  method: 'GET' | 'POST';
  url: string;
  feature: string;
}[] = [
  { method: 'POST', url: '/login/authorg', feature: 'org-authorised login' },
  { method: 'POST', url: '/index/loginByML', feature: 'login by external link' },
  { method: 'POST', url: '/login/getauthbytel', feature: 'login by telephone authorisation' },
  { method: 'POST', url: '/login/public', feature: 'public-account login' },
  { method: 'POST', url: '/socialLogin', feature: 'social login' },
  { method: 'POST', url: '/scan', feature: 'scan registration' },
  { method: 'POST', url: '/login/wxCode', feature: 'WeChat login' },
  { method: 'POST', url: '/login/wx_login_json', feature: 'WeChat login' },
  { method: 'POST', url: '/login/joins', feature: 'WeChat account binding' },
];

export async function notEnabledRoutes(app: FastifyInstance): Promise<void> {
  for (const { method, url, feature } of NOT_ENABLED_PATHS) {
    app.route({
      method,
      url,
      config: { access: 'public' },
      schema: {
        tags: ['not enabled'],
        summary: `Not enabled here: ${feature}`,
        response: { 501: notEnabledResponse },
      },
      handler: async (request, reply) =>
        reply.status(501).send({
          code: 501,
          msg: translate('feature.notEnabled', request.lang, { feature }),
          data: null,
        }),
    });
  }
}
