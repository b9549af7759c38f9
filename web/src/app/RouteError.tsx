import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A route failed to render or its chunk failed to load. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <Result
      status="error"
      title={t('app.loadError')}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('app.reload')}
        </Button>
      }
    />
  );
}
