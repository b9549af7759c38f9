import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '@hotline/contract';
import { hasRule, pickLang, type Lang, type MessageKey } from '@hotline/domain';
import type { Authenticate, AuthContext } from '../ports';
import { forbidden, unauthorized } from './app-error';

/** Who may call a route: declared with each endpoint in the contract. */
export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Open to a caller who must still change a one-time password (the declaration's flag). */
    beforePasswordChange?: boolean;
    /** The role the declaration asks for beyond a session (`EndpointShape.rule`). */
    rule?: { any: string; refusal: MessageKey };
  }
  interface FastifyRequest {
    lang: Lang;
    auth: AuthContext | null;
  }
}

/** API routes need a session unless they say otherwise; docs and console files are public. */
function defaultAccess(routeUrl: string | undefined): Access {
  if (!routeUrl) return 'public';
  const url = routeUrl.toLowerCase();
  return url.startsWith('/api/') && !url.startsWith('/api/docs') ? 'user' : 'public';
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || undefined;
}

/**
 * Set on the 403 `password.changeRequired` reply, so a client can tell it from other refusals
 * without reading the (localised) message: the console then opens its change-password page.
 */
export const PASSWORD_CHANGE_HEADER = 'x-password-change-required';

/** The signed-in caller; routes with access 'user' or 'admin' always have one. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('session.missing');
  return request.auth;
}

/**
 * Authentication runs first (onRequest), before body parsing and validation, so a caller
 * without a session learns nothing about the input rules. A caller who signed in with a
 * one-time password reaches only the endpoints declared `beforePasswordChange` (user info,
 * menu, password policy, the change itself; logout, refresh and push bind are public): the
 * rest answer 403 `password.changeRequired` until the password is changed. An endpoint that
 * declares a role (`rule`) refuses a caller without it here too, before its body is read.
 */
export function registerAccess(app: FastifyInstance, authenticate: Authenticate): void {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    request.lang = pickLang(request.headers['accept-language']);
    const access = request.routeOptions.config?.access ?? defaultAccess(request.routeOptions.url);
    // 'key': the module checks the integration key itself (no session involved).
    if (access === 'public' || access === 'key') return;
    const token = bearerToken(request);
    if (!token) {
      if (access === 'optional') return;
      throw unauthorized('session.missing');
    }
    try {
      request.auth = await authenticate(token);
    } catch (error) {
      if (access !== 'optional') throw error;
    }
    if (request.auth?.mustChangePassword && !request.routeOptions.config?.beforePasswordChange) {
      void reply.header(PASSWORD_CHANGE_HEADER, '1');
      throw forbidden('password.changeRequired');
    }
    if (access === 'admin' && !request.auth?.acl.admin) throw forbidden('auth.adminOnly');
    const rule = request.routeOptions.config?.rule;
    if (rule && request.auth && !request.auth.acl.admin && !hasRule(request.auth.rules, rule.any)) {
      throw forbidden(rule.refusal);
    }
  });
}
