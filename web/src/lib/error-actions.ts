import { authEndpoints, miscEndpoints } from '@hotline/contract/client';

/**
 * What the console does with a failed request's code (spec section 8). A pure mapping so the
 * rules are unit-tested apart from the network code that applies them.
 */
export type ErrorAction =
  /** 205/206/208/211/212/213: clear storage, reset the user, go to /, "login expired". */
  | 'sessionExpired'
  /** 217/218: reset the user and go to /nopaml. */
  | 'noPermission'
  /** 402: refresh the token once, then retry. */
  | 'refresh'
  /** Everything else: an error toast, reported to the error log. */
  | 'toast';

const SESSION_EXPIRED = new Set([205, 206, 208, 211, 212, 213]);
const NO_PERMISSION = new Set([217, 218]);

export function errorAction(code: number): ErrorAction {
  if (SESSION_EXPIRED.has(code)) return 'sessionExpired';
  if (NO_PERMISSION.has(code)) return 'noPermission';
  if (code === 402) return 'refresh';
  return 'toast';
}

/** Codes on which the route guard sends the browser to / (spec section 4); others go to login. */
const GUARD_TO_ROOT = new Set([203, 205, 206, 210, 211, 212, 213]);

export type GuardErrorAction = 'root' | 'nopaml' | 'login';

export function guardErrorAction(code: number | undefined): GuardErrorAction {
  if (code !== undefined && GUARD_TO_ROOT.has(code)) return 'root';
  if (code !== undefined && NO_PERMISSION.has(code)) return 'nopaml';
  return 'login';
}

/** A toast for this failure? Not for a `noError` request, nor for a 500 from the error log. */
export function isSilentFailure(code: number, path: string, noError: boolean): boolean {
  if (noError) return true;
  return code === 500 && isErrorLogPath(path);
}

export const ERROR_LOG_PATH = miscEndpoints.errorReport.paths[0];

export function isErrorLogPath(path: string): boolean {
  return path.split('?')[0]?.toLowerCase().endsWith(ERROR_LOG_PATH) ?? false;
}

/** URLs that show the loading mask while they run (spec section 7). */
export function showsLoadingMask(path: string): boolean {
  return path.includes('doEdit') || path.includes('confirm');
}

/** The calls that sign in (and the key and code they need): their 401 is the user's mistake. */
const SIGN_IN_PATHS = [
  authEndpoints.passwordLogin,
  authEndpoints.publicKey,
  authEndpoints.sendSms,
  authEndpoints.smsLogin,
  authEndpoints.ssoLogin,
].flatMap((ep) => ep.paths.map((p) => p.toLowerCase()));

const LOGOUT_PATHS = authEndpoints.logout.paths.map((p) => p.toLowerCase());

export type UnauthorizedAction =
  /** A sign-in refused, or no session sent ("please log in"): its message as a toast. */
  | 'toast'
  /** The session the request carried is no more (ended, too old, revoked): to login. */
  | 'sessionEnded'
  /** Signing out of a session that had already ended: nothing to say. */
  | 'silent';

/**
 * What a 401 means depends on what was sent. The spec's table only toasts it, but the server
 * answers 401 for a session that ended (twelve hours old, revoked, signed out elsewhere), and
 * a console that only toasted left the user in a shell whose every click failed.
 */
export function unauthorizedAction(path: string, tokenSent: boolean): UnauthorizedAction {
  const bare = (path.split('?')[0] ?? path).toLowerCase();
  if (SIGN_IN_PATHS.some((p) => bare.endsWith(p)) || !tokenSent) return 'toast';
  if (LOGOUT_PATHS.some((p) => bare.endsWith(p))) return 'silent';
  return 'sessionEnded';
}
