import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkCodeBody,
  messageResponse,
  passwordLoginBody,
  publicKeyResponse,
  sendSmsBody,
  ssoLoginBody,
  tokenResponse,
  userInfoResponse,
} from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { bearerToken, caller } from '../../http/access';
import { AppError, unauthorized } from '../../http/app-error';
import { ok } from '../../http/reply';
import { presentUserInfo } from '../users/user-info.presenter';
import { loginSwitches } from './login-switches';
import { passwordLogin } from './password-login.service';
import { publicKeyBase64, RSA_CHUNK_BYTES } from './rsa.service';
import { endSession, refresh } from './session.service';
import { loginWithCode, sendLoginCode } from './sms-login.service';
import { ssoLogin } from './sso-login.service';

const tags = ['login and session'];

function client(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/login/password', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Password login (plain or RSA `param`)',
        body: passwordLoginBody,
        response: { 200: tokenResponse },
      },
      handler: async (request) => ok(await passwordLogin(ctx, request.body, client(request))),
    });

    r.get('/publicKey', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'RSA public key for login payloads',
        response: { 200: publicKeyResponse },
      },
      handler: async () => {
        const { rsa } = await loginSwitches(ctx.db);
        return ok({
          publicKey: rsa ? await publicKeyBase64(ctx.db) : '',
          mockServer: !rsa,
          algorithm: 'RSA-OAEP-256',
          chunkBytes: RSA_CHUNK_BYTES,
        });
      },
    });

    for (const url of ['/index/sendsms', '/addons/sms/Sms/send']) {
      r.post(url, {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Send an SMS login code',
          body: sendSmsBody,
          response: { 200: messageResponse },
        },
        handler: async (request) => {
          await sendLoginCode(ctx, request.body.mobile);
          return ok({}, translate('sms.sent', request.lang));
        },
      });
    }

    for (const url of ['/index/checkCode', '/addons/sms/Sms/codeLogin']) {
      r.post(url, {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Log in with an SMS code',
          body: checkCodeBody,
          response: { 200: tokenResponse },
        },
        handler: async (request) => ok(await loginWithCode(ctx, request.body, client(request))),
      });
    }

    r.post('/index/authlogin', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Exchange a single-sign-on token',
        body: ssoLoginBody,
        response: { 200: tokenResponse },
      },
      handler: async (request) => ok(await ssoLogin(ctx, request.body.token, client(request))),
    });

    r.get('/user/userInfo', {
      schema: { tags, summary: 'The signed-in user', response: { 200: userInfoResponse } },
      handler: async (request) => {
        const auth = caller(request);
        // 217: an account with no rule strings can do nothing; the console shows /nopaml.
        if (!auth.acl.admin && auth.rules.length === 0)
          throw new AppError(217, 'auth.noPermission');
        return ok(presentUserInfo(auth));
      },
    });

    r.get('/refreshToken', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Fresh access token for a live session',
        response: { 200: tokenResponse },
      },
      handler: async (request) => {
        const token = bearerToken(request);
        if (!token) throw unauthorized('session.missing');
        return ok(await refresh(ctx, token));
      },
    });

    for (const url of ['/login/logout', '/expireToken']) {
      r.get(url, {
        config: { access: 'public' },
        schema: { tags, summary: 'End the session', response: { 200: messageResponse } },
        handler: async (request) => {
          const token = bearerToken(request);
          if (token) await endSession(ctx, token);
          return ok({}, translate('session.loggedOut', request.lang));
        },
      });
    }
  };
}
