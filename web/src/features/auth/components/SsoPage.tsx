import { useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../../components/StatusPage';
import { useDocumentTitle } from '../../../hooks/use-web-config';
import { loginBySso } from '../api';
import { useLoginSuccess } from './use-login-success';
import '../auth.css';

/** /auth?token=…: exchanges a single-sign-on token for a session. */
export function SsoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const onSuccess = useLoginSuccess();
  const [failure, setFailure] = useState<string | null>(token ? null : t('sso.missing'));
  const started = useRef(false);
  useDocumentTitle(t('sso.title'));

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    loginBySso(token)
      .then(async (reply) => {
        if (!(await onSuccess(reply))) setFailure(t('login.tokenMissing'));
      })
      .catch((error: unknown) =>
        setFailure(error instanceof Error ? error.message : String(error)),
      );
  }, [token, onSuccess, t]);

  if (!failure) {
    return (
      <div className="hl-center-page">
        <Spin size="large" />
        <p>{t('sso.working')}</p>
      </div>
    );
  }
  return (
    <StatusPage
      status="warning"
      title={t('sso.failed')}
      subTitle={failure}
      extra={
        <Button type="primary" onClick={() => void navigate('/login', { replace: true })}>
          {t('common.toLogin')}
        </Button>
      }
    />
  );
}
