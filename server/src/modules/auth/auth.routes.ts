import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { bearerToken } from '../../http/access';
import { unauthorized } from '../../http/app-error';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { loginSwitches } from './login-switches';
import { passwordLogin } from './password-login.service';
import { publicKeyBase64, RSA_CHUNK_BYTES } from './rsa.service';
import { endSession, refresh } from './session.service';
import { loginWithCode, sendLoginCode } from './sms-login.service';
import { ssoLogin } from './sso-login.service';

function client(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, ep.passwordLogin, async (request) =>
      ok(await passwordLogin(ctx, request.body, client(request))),
    );

    route(app, ep.publicKey, async () => {
      const { rsa } = await loginSwitches(ctx.db);
      return ok({
        publicKey: rsa ? await publicKeyBase64(ctx.db) : '',
        mockServer: !rsa,
        algorithm: 'RSA-OAEP-256',
        chunkBytes: RSA_CHUNK_BYTES,
      });
    });

    route(app, ep.sendSms, async (request) => {
      await sendLoginCode(ctx, request.body.mobile);
      return ok({}, translate('sms.sent', request.lang));
    });

    route(app, ep.smsLogin, async (request) =>
      ok(await loginWithCode(ctx, request.body, client(request))),
    );

    route(app, ep.ssoLogin, async (request) =>
      ok(await ssoLogin(ctx, request.body.token, client(request))),
    );

    route(app, ep.refreshToken, async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized('session.missing');
      return ok(await refresh(ctx, token));
    });

    route(app, ep.logout, async (request) => {
      const token = bearerToken(request);
      if (token) await endSession(ctx, token);
      return ok({}, translate('session.loggedOut', request.lang));
    });
  };
}
