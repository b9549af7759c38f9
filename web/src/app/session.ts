import { logoutRequest } from '../features/auth/api';
import { useBadgeStore } from '../features/menu/badge-store';
import { useNoticesStore } from '../features/notices/notices-store';
import { useTabsStore } from '../features/tabs/tabs-store';
import { clearAllStorage, removeToken } from '../lib/storage';
import { queryClient } from './query-client';

/**
 * Resets the user (spec section 4): the session's queries (user info, menu and so the routes),
 * tabs, kept-alive views, badges and notices are dropped, then all local storage is cleared,
 * the token with it. Stores are reset first so nothing writes storage again afterwards.
 */
export function resetUser(): void {
  useTabsStore.getState().reset();
  useBadgeStore.getState().reset();
  useNoticesStore.getState().clear();
  queryClient.removeQueries({ queryKey: ['session'] });
  clearAllStorage();
}

/**
 * Logout: tells the server, forgets the token, leaves for the login page (`leave`), and only
 * then resets the user — removing the session's queries while the shell is still mounted made
 * it ask for them again without a token, and the login page opened on a "please log in" error.
 */
export async function logout(leave: () => Promise<unknown> | unknown): Promise<void> {
  await logoutRequest();
  removeToken();
  await leave();
  resetUser();
}
