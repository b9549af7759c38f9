import { useState } from 'react';
import { Segmented } from 'antd';
import { LockOutlined, MessageOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle, useWebConfig } from '../../../hooks/use-web-config';
import { AuthFrame } from './AuthFrame';
import { PasswordForm } from './PasswordForm';
import { SmsForm } from './SmsForm';

/** Public login paths the configured login path may name. */
const LOGIN_PATHS = ['/login', '/sms', '/scan', '/callback'];

/**
 * /login: password and SMS tabs as the web config enables them. When the configured login
 * path (`login_path`) is another page, /login redirects there.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const config = useWebConfig();
  useDocumentTitle(t('login.pageTitle'));

  const loginPath = config.data?.login_path;
  if (loginPath && loginPath !== '/login' && LOGIN_PATHS.includes(loginPath)) {
    return <Navigate to={`${loginPath}${search}`} replace />;
  }
  return <LoginMethods config={config.data ?? {}} />;
}

type Method = 'password' | 'sms';

function LoginMethods({ config }: { config: Record<string, string> }) {
  const { t } = useTranslation();
  const on = (name: string) => config[name] !== '0';
  const methods: Method[] = [];
  if (on('login_password') || !on('login_sms')) methods.push('password');
  if (on('login_sms')) methods.push('sms');
  const [chosen, setChosen] = useState<Method>('password');
  const method = methods.includes(chosen) ? chosen : (methods[0] ?? 'password');
  const labels = {
    password: (
      <span>
        <LockOutlined /> {t('login.tabPassword')}
      </span>
    ),
    sms: (
      <span>
        <MessageOutlined /> {t('login.tabSms')}
      </span>
    ),
  };

  return (
    <AuthFrame>
      {methods.length > 1 ? (
        // Segmented, not Tabs: the same switch for a fraction of the login route's weight.
        <Segmented<Method>
          block
          className="hl-login-methods"
          value={method}
          onChange={setChosen}
          options={methods.map((m) => ({ value: m, label: labels[m] }))}
        />
      ) : null}
      {method === 'password' ? <PasswordForm /> : <SmsForm />}
      {config.login_scan === '1' ? (
        <p className="hl-auth-more">
          <Link to="/scan">
            <QrcodeOutlined /> {t('login.scanLink')}
          </Link>
        </p>
      ) : null}
      {/* citizens who land here: the public status lookup needs no account */}
      <p className="hl-auth-more">
        <Link to="/track" data-testid="login-track-link">
          {t('login.trackLink')}
        </Link>
      </p>
    </AuthFrame>
  );
}
