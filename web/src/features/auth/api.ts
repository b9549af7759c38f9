import { queryOptions } from '@tanstack/react-query';
import { type EndpointData, type UserInfo } from '@hotline/contract';
import { accountEndpoints, authEndpoints } from '@hotline/contract/client';
import type { Acl } from '@hotline/domain';
import { call } from '../../lib/api-client';
import { rsaEncryptJson } from './rsa';

export type { UserInfo };

/**
 * Login bodies are RSA-encrypted into `{param}` when the server says RSA is on
 * (`mockServer: false` from the public-key endpoint), else sent as they are.
 */
export async function protect(body: Record<string, string>): Promise<Record<string, string>> {
  const key = await call(authEndpoints.publicKey);
  if (key.mockServer || !key.publicKey) return body;
  return { param: await rsaEncryptJson(body, key.publicKey, { chunkBytes: key.chunkBytes }) };
}

/** What every login answers: the token (checked by `tokenOf`) and its expiry. */
export type TokenReply = EndpointData<typeof authEndpoints.passwordLogin>;

/** Password login. The caller checks that the reply carries the token. */
export async function loginByPassword(form: { username: string; password: string }) {
  return call(authEndpoints.passwordLogin, await protect(form));
}

/** Sends an SMS login code: one code per 60 s per number. */
export function sendSmsCode(mobile: string) {
  return call(authEndpoints.sendSms, { mobile });
}

/** SMS-code login (optionally RSA-encrypted). */
export async function loginBySms(form: { mobile: string; code: string }) {
  return call(authEndpoints.smsLogin, await protect(form));
}

/** Exchanges a single-sign-on token. */
export function loginBySso(token: string) {
  // the SSO page shows the refusal itself: no toast repeating it
  return call(authEndpoints.ssoLogin, { token }, { noError: true });
}

/** The token of a login reply, or null when the reply lacks it (the reply is not trusted). */
export function tokenOf(reply: TokenReply | null): string | null {
  const token: unknown = reply?.token;
  return typeof token === 'string' && token !== '' ? token : null;
}

export class UserInfoFormatError extends Error {}

/**
 * The signed-in user. Spec section 5: username, realname and avatar must be strings and
 * roles and permissions arrays, otherwise the reply is refused (it is checked, not trusted).
 */
export async function fetchUserInfo(): Promise<UserInfo> {
  const data: unknown = await call(authEndpoints.userInfo);
  if (!isUserInfoShape(data)) throw new UserInfoFormatError('userInfo');
  return data;
}

/** The type check of spec section 5 on a user-info reply. */
export function isUserInfoShape(data: unknown): data is UserInfo {
  if (data === null || typeof data !== 'object') return false;
  const d = data as Partial<Record<keyof UserInfo, unknown>>;
  return (
    typeof d.username === 'string' &&
    typeof d.realname === 'string' &&
    typeof d.avatar === 'string' &&
    Array.isArray(d.roles) &&
    Array.isArray(d.permissions)
  );
}

export const USER_INFO_QUERY_KEY = ['session', 'userInfo'] as const;

export const userInfoQuery = queryOptions({
  queryKey: USER_INFO_QUERY_KEY,
  queryFn: fetchUserInfo,
  staleTime: Infinity,
});

/** The ACL state of spec section 3: admin flag, roles, permissions. */
export function aclOf(user: Pick<UserInfo, 'roles' | 'permissions'>): Acl {
  return {
    admin: user.roles.includes('admin'),
    roles: user.roles,
    permissions: user.permissions,
  };
}

/** Ends the session. Failures do not matter: the local session is cleared regardless. */
export async function logoutRequest(): Promise<void> {
  try {
    await call(authEndpoints.logout, undefined, { noError: true });
  } catch {
    // ignored on purpose
  }
}

/** The password policy (minimum and maximum length, character classes) for the form's hints. */
export const passwordPolicyQuery = queryOptions({
  queryKey: ['session', 'passwordPolicy'] as const,
  queryFn: () => call(accountEndpoints.passwordPolicy),
  staleTime: 60_000,
});
export type PasswordPolicyData = EndpointData<typeof accountEndpoints.passwordPolicy>;

/**
 * Changes the caller's own password. No toast: the form shows the refusal at its field (the
 * server's message names it: "oldPassword: …", "newPassword: …").
 */
export function changePassword(body: { oldPassword: string; newPassword: string }) {
  return call(accountEndpoints.changePassword, body, { noError: true });
}
