import i18n from '../i18n';
import { USER_INFO_QUERY_KEY, userInfoQuery } from '../features/auth/api';
import { errorLogSwitch } from '../features/errors/error-log-store';
import { webConfigQuery } from '../hooks/use-web-config';
import { configureRequest } from '../lib/request';
import { removeToken } from '../lib/storage';
import { PASSWORD_PATH, loginLocation } from './guard';
import { showLoadingMask } from './loading-mask';
import { notify } from './notify';
import { queryClient } from './query-client';
import { router } from './router';
import { resetUser } from './session';

function currentTarget(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/**
 * The session is over: to the login page (which brings the user back here after signing in).
 * The token goes first and the session's queries only once the shell has left, so nothing
 * mounted asks again without a token; a second 401 meanwhile changes nothing.
 */
let leaving = false;
function toLogin(text: string): void {
  if (leaving) return;
  leaving = true;
  const target = currentTarget();
  removeToken();
  notify.error(text);
  void router.navigate(loginLocation(target), { replace: true }).finally(() => {
    resetUser();
    leaving = false;
  });
}

/**
 * Plugs the console's UI into the request layer before the first request (the route guard
 * runs before anything renders): toasts, loading mask, the code actions' redirects.
 */
export function setUpRequest(): void {
  configureRequest(
    {
      toast: (text) => notify.error(text),
      loading: showLoadingMask,
      sessionExpired: (text) => {
        resetUser();
        notify.error(text);
        void router.navigate('/', { replace: true });
      },
      noPermission: () => {
        resetUser();
        void router.navigate('/nopaml', { replace: true });
      },
      // The server refuses everything but the change itself until a one-time password is
      // changed: read the user afresh (the guard then keeps the console on /password).
      passwordChangeRequired: () => {
        if (currentTarget().startsWith(PASSWORD_PATH)) return;
        queryClient.removeQueries({ queryKey: USER_INFO_QUERY_KEY });
        void router.navigate(PASSWORD_PATH, { replace: true });
      },
      refreshFailed: (text) => toLogin(text),
      sessionEnded: (text) => toLogin(text),
      errorContext: () => ({
        town: queryClient.getQueryData(userInfoQuery.queryKey)?.info?.officeName ?? '',
        html_url: window.location.href,
      }),
      reportErrors: () => errorLogSwitch(queryClient.getQueryData(webConfigQuery.queryKey)),
    },
    (key) => i18n.t(`request.${key}`),
  );
}
