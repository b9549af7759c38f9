import { redirect, type LoaderFunctionArgs } from 'react-router';
import i18n from '../i18n';
import { UserInfoFormatError, userInfoQuery } from '../features/auth/api';
import { MenuFormatError, menuQuery } from '../features/menu/api';
import { homeRoute, matchRoute } from '../features/menu/routes';
import { guardErrorAction } from '../lib/error-actions';
import { doneProgress, startProgress } from '../lib/progress';
import { RequestError } from '../lib/request';
import { getToken } from '../lib/storage';
import { notify } from './notify';
import { queryClient } from './query-client';
import { currentRouteTable } from './route-table';
import { resetUser } from './session';

/** Public routes (spec section 2). */
export const PUBLIC_PATHS = [
  '/login',
  '/scan',
  '/auth',
  '/sms',
  '/nopa',
  '/nopaml',
  '/callback',
  '/403',
  '/404',
  // The citizens' status lookup (no account).
  '/track',
];
/**
 * Test routes without authentication; the white list also holds /test/eventbus. Only where the
 * test pages are built (__TEST_PAGES__): elsewhere these paths are unknown like any other.
 */
export const TEST_PATHS = __TEST_PAGES__ ? ['/test/order-event', '/test/order-modal'] : [];
export const WHITE_LIST = [
  ...PUBLIC_PATHS,
  ...TEST_PATHS,
  ...(__TEST_PAGES__ ? ['/test/eventbus'] : []),
];

/**
 * The change-password page: not a menu entry. A user who signed in with a one-time password
 * (userInfo `mustChangePassword`) is kept here until it is changed; others open it from the
 * user menu.
 */
export const PASSWORD_PATH = '/password';

/** Route recording: the login redirect carries the wanted route. */
export const RECORD_ROUTE = true;

export function loginLocation(target: string): string {
  if (!RECORD_ROUTE || target === '/' || target.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(target)}`;
}

function failure(error: unknown, target: string): Response {
  if (error instanceof UserInfoFormatError) notify.error(i18n.t('errors.userInfoInvalid'));
  else if (error instanceof MenuFormatError) notify.error(i18n.t('errors.routeFormat'));
  const code = error instanceof RequestError ? error.code : undefined;
  const action = guardErrorAction(code);
  if (action === 'nopaml') return redirect('/nopaml');
  resetUser();
  if (action === 'root') return redirect('/');
  return redirect(loginLocation(target));
}

/**
 * The route guard (spec section 4), run before every navigation: progress bar; without a
 * token only white-listed routes open (/auth never counts as logged in); with one, the user
 * info and the routes ("all", from the server menu) are loaded once, then the route is entered;
 * /login goes to /; unknown paths go to /404.
 */
export async function guardLoader(args: LoaderFunctionArgs): Promise<Response | null> {
  startProgress();
  try {
    return await guard(args);
  } finally {
    // here, not only when the router turns idle: a quick navigation's loading and idle states
    // can reach React in one render, and the bar then stayed at 95 %
    doneProgress();
  }
}

async function guard({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  const { pathname } = url;
  const target = pathname + url.search;

  if (!getToken() || pathname === '/auth') {
    return WHITE_LIST.includes(pathname) ? null : redirect(loginLocation(target));
  }
  try {
    const user = await queryClient.ensureQueryData(userInfoQuery);
    // Nothing else opens (the server refuses it too) until the one-time password is changed.
    if (user.mustChangePassword) return pathname === PASSWORD_PATH ? null : redirect(PASSWORD_PATH);
    await queryClient.ensureQueryData(menuQuery);
  } catch (error) {
    return failure(error, target);
  }
  if (pathname === '/login') return redirect('/');
  if (WHITE_LIST.includes(pathname) || pathname === PASSWORD_PATH) return null;
  const table = currentRouteTable() ?? [];
  if (pathname === '/') return redirect(homeRoute(table)?.path ?? '/404');
  if (!matchRoute(table, pathname)) return redirect('/404');
  return null;
}
