import type { UserInfo } from '@hotline/contract';
import { request } from '../../lib/request';

export type { UserInfo };

export interface LoginForm {
  username: string;
  password: string;
}

/** POST /login/password. The reply's data carries the token (checked by the caller). */
export function loginByPassword(form: LoginForm): Promise<{ token?: unknown } | null> {
  return request<{ token?: unknown } | null>('/login/password', { method: 'POST', body: form });
}

export class UserInfoFormatError extends Error {}

/**
 * GET /user/userInfo. Spec section 5: username, realname and avatar must be strings and
 * roles and permissions arrays, otherwise the reply is refused.
 */
export async function fetchUserInfo(): Promise<UserInfo> {
  const data = await request<Partial<UserInfo> | null>('/user/userInfo');
  const ok =
    data !== null &&
    typeof data === 'object' &&
    typeof data.username === 'string' &&
    typeof data.realname === 'string' &&
    typeof data.avatar === 'string' &&
    Array.isArray(data.roles) &&
    Array.isArray(data.permissions);
  if (!ok) throw new UserInfoFormatError('userInfo');
  return data as UserInfo;
}

/** GET /login/logout. Failures do not matter: the local session is cleared regardless. */
export async function logoutRequest(): Promise<void> {
  try {
    await request<unknown>('/login/logout');
  } catch {
    // ignored on purpose
  }
}
