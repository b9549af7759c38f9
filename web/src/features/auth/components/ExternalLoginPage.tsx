import { useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../../components/StatusPage';
import { useDocumentTitle, useWebConfig } from '../../../hooks/use-web-config';
import { notEnabledEndpoints } from '@hotline/contract/client';
import { endpointPath } from '../../../lib/api-client';
import { request } from '../../../lib/request';
import type { TokenReply } from '../api';
import { useLoginSuccess } from './use-login-success';
import '../auth.css';

type Method = 'scan' | 'callback';

/** What each method asks the server: scan registers a code, callback exchanges one. */
function start(method: Method, code: string | null): Promise<TokenReply | null> {
  const ep = method === 'scan' ? notEnabledEndpoints.scan : notEnabledEndpoints.socialLogin;
  const body = method === 'scan' ? {} : { code: code ?? '' };
  return request<TokenReply | null>(endpointPath(ep), { body, noError: true });
}

/**
 * /scan and /callback: run their flow when web config `login_scan` / `login_callback` is on,
 * and otherwise say clearly that the method is not enabled.
 */
export function ExternalLoginPage({ method }: { method: Method }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = useWebConfig();
  const onSuccess = useLoginSuccess();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const enabled = config.data?.[method === 'scan' ? 'login_scan' : 'login_callback'] === '1';
  useDocumentTitle(t(`external.${method}.title`));

  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    start(method, params.get('code'))
      .then(async (reply) => {
        if (!(await onSuccess(reply))) setFailure(t('login.tokenMissing'));
      })
      .catch((error: unknown) =>
        setFailure(error instanceof Error ? error.message : String(error)),
      );
  }, [enabled, method, params, onSuccess, t]);

  const back = (
    <Button type="primary" onClick={() => void navigate('/login', { replace: true })}>
      {t('common.toLogin')}
    </Button>
  );
  if (config.isPending || (enabled && !failure)) {
    return (
      <div className="hl-center-page">
        <Spin size="large" />
        <p>{t(`external.${method}.working`)}</p>
      </div>
    );
  }
  if (!enabled) {
    return (
      <StatusPage
        status="info"
        title={t(`external.${method}.disabled`)}
        subTitle={t('external.disabledHint')}
        extra={back}
      />
    );
  }
  return (
    <StatusPage
      status="warning"
      title={t(`external.${method}.failed`)}
      subTitle={failure}
      extra={back}
    />
  );
}
