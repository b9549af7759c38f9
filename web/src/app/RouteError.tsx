import { Button } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * A route failed to render or its chunk failed to load: a plain explanation and a reload
 * button, never a stack trace. (Plain markup: antd's Result and its pictures would weigh on
 * every page's first load, because this boundary is part of the entry.)
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk =
    error instanceof Error && /dynamically imported module|Importing a module/i.test(error.message);
  return (
    <div className="hl-route-error" role="alert">
      <WarningOutlined className="hl-route-error-icon" />
      <h2>{t('app.loadError')}</h2>
      <p>{chunk ? t('app.chunkError') : t('app.renderError')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </div>
  );
}
