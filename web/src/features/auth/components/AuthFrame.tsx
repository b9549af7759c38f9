import type { ReactNode } from 'react';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { useWebsiteName } from '../../../hooks/use-web-config';
import '../auth.css';

/** The login screens' frame: a brand panel beside the sign-in card (subtitle: 账号登录). */
export function AuthFrame({ children, subtitle }: { children: ReactNode; subtitle?: string }) {
  const { t } = useTranslation();
  const websiteName = useWebsiteName();
  return (
    <div className="hl-auth">
      <aside className="hl-auth-brand" aria-hidden="true">
        <div className="hl-auth-emblem">
          <SafetyCertificateOutlined />
          <span>12345</span>
        </div>
        <div className="hl-auth-slogan">{t('login.slogan')}</div>
        <p className="hl-auth-lead">{t('login.lead')}</p>
        <ul className="hl-auth-points">
          <li>{t('login.point1')}</li>
          <li>{t('login.point2')}</li>
          <li>{t('login.point3')}</li>
        </ul>
      </aside>
      <div className="hl-auth-side">
        <header className="hl-auth-top">
          <LanguageSwitch />
        </header>
        <main className="hl-auth-card">
          {/* plain elements: antd Typography would add ~17 KB to the login route */}
          <h1 className="hl-auth-title">{websiteName ?? '\u00a0'}</h1>
          <p className="hl-auth-subtitle">{subtitle ?? t('login.title')}</p>
          {children}
        </main>
        <footer className="hl-auth-footer">{t('login.footer')}</footer>
      </div>
    </div>
  );
}
