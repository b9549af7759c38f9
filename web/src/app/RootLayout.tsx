import { useEffect } from 'react';
import { App, Spin } from 'antd';
import { Outlet, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { captureRuntimeErrors, errorLogEnabled } from '../features/errors/error-log-store';
import { useSettings } from '../features/theme/theme-store';
import { isInternetExplorer } from '../lib/browser';
import { doneProgress, setProgressEnabled } from '../lib/progress';
import { registerServiceWorker } from '../lib/service-worker';
import { useLoadingMask } from './loading-mask';
import { notify, setMessageInstance } from './notify';
import { exposeTestHooks } from './test-hooks';

/**
 * Everything around the routes: the message instance for toasts raised outside React, the
 * loading mask, the progress bar, the IE warning, service-worker updates and runtime-error
 * capture.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigation = useNavigation();
  const settings = useSettings();
  const masks = useLoadingMask((s) => s.count);

  useEffect(() => setMessageInstance(message), [message]);

  useEffect(() => setProgressEnabled(settings.showProgressBar), [settings.showProgressBar]);
  useEffect(() => {
    if (navigation.state === 'idle') doneProgress();
  }, [navigation.state]);

  useEffect(() => {
    exposeTestHooks();
    if (!errorLogEnabled(import.meta.env.MODE)) return;
    return captureRuntimeErrors();
  }, []);

  useEffect(() => {
    if (!import.meta.env.PROD) return;
    registerServiceWorker(`${import.meta.env.BASE_URL}sw.js`, {
      downloading: () => notify.info(t('sw.downloading')),
      ready: () => notify.info(t('sw.ready'), 10),
    }).catch(() => undefined);
    // registered once per page load; the texts are read when an update arrives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      {isInternetExplorer(navigator.userAgent) ? (
        <div className="hl-ie-warning" role="alert">
          {t('app.ieWarning')}
        </div>
      ) : null}
      <Outlet />
      {masks > 0 ? <Spin fullscreen size="large" tip={t('app.loading')} /> : null}
    </>
  );
}
