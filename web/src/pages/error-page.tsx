import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../components/StatusPage';
import { useDocumentTitle } from '../hooks/use-web-config';

/** /403 and /404. */
export function ErrorPage({ status }: { status: 403 | 404 }) {
  const { t } = useTranslation();
  const key = status === 403 ? 'forbidden' : 'notFound';
  const navigate = useNavigate();
  useDocumentTitle(t(`errorPage.${key}.title`));
  return (
    <StatusPage
      status={status === 403 ? '403' : '404'}
      title={t(`errorPage.${key}.title`)}
      subTitle={t(`errorPage.${key}.hint`)}
      extra={
        <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
