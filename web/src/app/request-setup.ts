import i18n from '../i18n';
import { userInfoQuery } from '../features/auth/api';
import { configureRequest } from '../lib/request';
import { loginLocation } from './guard';
import { showLoadingMask } from './loading-mask';
import { notify } from './notify';
import { queryClient } from './query-client';
import { router } from './router';
import { resetUser } from './session';

function currentTarget(): string {
  return window.location.hash.replace(/^#/, '') || '/';
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
      refreshFailed: (text) => {
        const target = currentTarget();
        resetUser();
        notify.error(text);
        void router.navigate(loginLocation(target), { replace: true });
      },
      errorContext: () => ({
        town: queryClient.getQueryData(userInfoQuery.queryKey)?.info?.officeName ?? '',
        html_url: window.location.href,
      }),
    },
    (key) => i18n.t(`request.${key}`),
  );
}
