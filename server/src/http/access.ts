import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '@hotline/contract';
import { pickLang, type Lang } from '@hotline/domain';
import type { Authenticate, AuthContext } from '../ports';
import { forbidden, unauthorized } from './app-error';

/** Who may call a route: declared with each endpoint in the contract. */
export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
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

/** The signed-in caller; routes with access 'user' or 'admin' always have one. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('session.missing');
  return request.auth;
}

/**
 * Authentication runs first (onRequest), before body parsing and validation, so a caller
 * without a session learns nothing about the input rules.
 */
export function registerAccess(app: FastifyInstance, authenticate: Authenticate): void {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
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
    if (access === 'admin' && !request.auth?.acl.admin) throw forbidden('auth.adminOnly');
  });
}
