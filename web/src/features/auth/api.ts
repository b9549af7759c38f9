import { queryOptions } from '@tanstack/react-query';
import type { UserInfo } from '@hotline/contract';
import type { Acl } from '@hotline/domain';
import { request } from '../../lib/request';
import { rsaEncryptJson } from './rsa';

export type { UserInfo };

interface PublicKey {
  publicKey: string;
  mockServer: boolean;
  chunkBytes?: number;
}

/**
 * Login bodies are RSA-encrypted into `{param}` when the server says RSA is on
 * (`mockServer: false` from GET /publicKey), else sent as they are.
 */
export async function protect(body: Record<string, string>): Promise<Record<string, string>> {
  const key = await request<PublicKey>('/publicKey');
  if (key.mockServer || !key.publicKey) return body;
  return { param: await rsaEncryptJson(body, key.publicKey, { chunkBytes: key.chunkBytes }) };
}

export interface TokenReply {
  token?: unknown;
}

/** POST /login/password. The caller checks that the reply carries the token. */
export async function loginByPassword(form: { username: string; password: string }) {
  return request<TokenReply | null>('/login/password', { body: await protect(form) });
}

/** POST /index/sendsms: one code per 60 s per number. */
export function sendSmsCode(mobile: string) {
  return request<unknown>('/index/sendsms', { body: { mobile } });
}

/** POST /index/checkCode (optionally RSA-encrypted). */
export async function loginBySms(form: { mobile: string; code: string }) {
  return request<TokenReply | null>('/index/checkCode', { body: await protect(form) });
}

/** POST /index/authlogin: exchanges a single-sign-on token. */
export function loginBySso(token: string) {
  return request<TokenReply | null>('/index/authlogin', { body: { token } });
}

/** The token of a login reply, or null when the reply lacks it. */
export function tokenOf(reply: TokenReply | null): string | null {
  return typeof reply?.token === 'string' && reply.token !== '' ? reply.token : null;
}

export class UserInfoFormatError extends Error {}

/**
 * GET /user/userInfo. Spec section 5: username, realname and avatar must be strings and
 * roles and permissions arrays, otherwise the reply is refused.
 */
export async function fetchUserInfo(): Promise<UserInfo> {
  const data = await request<unknown>('/user/userInfo');
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

/** GET /login/logout. Failures do not matter: the local session is cleared regardless. */
export async function logoutRequest(): Promise<void> {
  try {
    await request<unknown>('/login/logout', { noError: true });
  } catch {
    // ignored on purpose
  }
}
