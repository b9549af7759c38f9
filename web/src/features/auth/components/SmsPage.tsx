import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-web-config';
import { AuthFrame } from './AuthFrame';
import { SmsForm } from './SmsForm';

/** /sms: log in with an SMS code. */
export function SmsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.smsTitle'));
  return (
    <AuthFrame>
      <h5 className="hl-auth-method">{t('login.smsTitle')}</h5>
      <SmsForm />
      <p className="hl-auth-more">
        <Link to="/login">{t('login.otherMethods')}</Link>
      </p>
    </AuthFrame>
  );
}
