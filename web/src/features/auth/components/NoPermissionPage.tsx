import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../../components/StatusPage';
import { useDocumentTitle } from '../../../hooks/use-web-config';
import { removeToken } from '../../../lib/storage';

/**
 * /nopa: the account has no permission for the console. /nopaml: where codes 217 (no rule
 * strings) and 218 (no menu) land.
 */
export function NoPermissionPage({ kind }: { kind: 'nopa' | 'nopaml' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t(`noPermission.${kind}.title`));
  return (
    <StatusPage
      status="403"
      title={t(`noPermission.${kind}.title`)}
      subTitle={t(`noPermission.${kind}.hint`)}
      extra={
        <Button
          type="primary"
          onClick={() => {
            removeToken();
            void navigate('/login', { replace: true });
          }}
        >
          {t('common.toLogin')}
        </Button>
      }
    />
  );
}
