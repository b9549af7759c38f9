import { z } from 'zod';
import { MOBILE_PATTERN, PASSWORD_MIN_LENGTH } from '@hotline/domain';
import { envelope } from './common';
import { endpoint } from './endpoint';

/** Login bodies: plain fields, or `param` holding the RSA-encrypted JSON of the plain fields. */
export const passwordLoginFields = z.object({
  username: z.string().trim().min(1, { error: 'login.usernameEmpty', abort: true }).max(64),
  password: z.string().min(PASSWORD_MIN_LENGTH, 'login.passwordShort').max(128),
});

export const encryptedParam = z.string().min(1).max(8192);

export const passwordLoginBody = z.object({
  username: z.string().max(64).optional(),
  password: z.string().max(128).optional(),
  param: encryptedParam.optional(),
});

export const mobileField = z.string().trim().regex(MOBILE_PATTERN, 'login.mobileInvalid');

export const sendSmsBody = z.object({ mobile: mobileField });

export const checkCodeFields = z.object({
  mobile: mobileField,
  code: z
    .string()
    .trim()
    .min(1, { error: 'login.codeEmpty', abort: true })
    .regex(/^\d{4,8}$/, 'sms.codeWrong'),
});

export const checkCodeBody = z.object({
  mobile: z.string().max(32).optional(),
  code: z.string().max(16).optional(),
  param: encryptedParam.optional(),
});

export const ssoLoginBody = z.object({ token: z.string().min(1).max(4096) });

export const tokenData = z.object({
  token: z.string(),
  expiresAt: z.string(),
});
export const tokenResponse = envelope(tokenData);

export const publicKeyResponse = envelope(
  z.object({
    publicKey: z.string(),
    mockServer: z.boolean(),
    algorithm: z.string(),
    chunkBytes: z.number().int(),
  }),
);

export const userInfoData = z.object({
  username: z.string(),
  realname: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  info: z.object({
    uid: z.number().int(),
    orgid: z.number().int(),
    isStreet: z.number().int(),
    publicid: z.string(),
    officeId: z.number().int(),
    officeName: z.string(),
    townid: z.number().int(),
    unitKind: z.string(),
    mobile: z.string(),
  }),
  /**
   * The user signed in with a one-time password and must change it first: until then only the
   * endpoints declared `beforePasswordChange` answer (the console shows the change form).
   */
  mustChangePassword: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoData>;
export const userInfoResponse = envelope(userInfoData);

export const messageResponse = envelope(z.object({}).passthrough());

const tags = ['login and session'];

/** Login, the RSA key, the session's user, token refresh and logout (spec section 7). */
export const authEndpoints = {
  passwordLogin: endpoint({
    throttle: 'login',
    method: 'POST',
    paths: ['/login/password'],
    summary: 'Password login (plain or RSA `param`)',
    tags,
    access: 'public',
    body: passwordLoginBody,
    response: tokenResponse,
  }),
  publicKey: endpoint({
    method: 'GET',
    paths: ['/publicKey'],
    summary: 'RSA public key for login payloads',
    tags,
    access: 'public',
    response: publicKeyResponse,
  }),
  sendSms: endpoint({
    throttle: 'sms',
    method: 'POST',
    paths: ['/index/sendsms', '/addons/sms/Sms/send'],
    summary: 'Send an SMS login code',
    tags,
    access: 'public',
    body: sendSmsBody,
    response: messageResponse,
  }),
  smsLogin: endpoint({
    throttle: 'login',
    method: 'POST',
    paths: ['/index/checkCode', '/addons/sms/Sms/codeLogin'],
    summary: 'Log in with an SMS code',
    tags,
    access: 'public',
    body: checkCodeBody,
    response: tokenResponse,
  }),
  ssoLogin: endpoint({
    throttle: 'login',
    method: 'POST',
    paths: ['/index/authlogin'],
    summary: 'Exchange a single-sign-on token',
    tags,
    access: 'public',
    body: ssoLoginBody,
    response: tokenResponse,
  }),
  userInfo: endpoint({
    method: 'GET',
    paths: ['/user/userInfo'],
    summary: 'The signed-in user',
    tags,
    access: 'user',
    beforePasswordChange: true,
    response: userInfoResponse,
  }),
  // Public: the handler reads the (expired) token itself; the access check would refuse it.
  refreshToken: endpoint({
    method: 'GET',
    paths: ['/refreshToken'],
    summary: 'Fresh access token for a live session',
    tags,
    access: 'public',
    response: tokenResponse,
  }),
  logout: endpoint({
    method: 'GET',
    paths: ['/login/logout', '/expireToken'],
    summary: 'End the session',
    tags,
    access: 'public',
    response: messageResponse,
  }),
};
