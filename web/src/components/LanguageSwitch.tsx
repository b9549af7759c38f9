import type { CSSProperties } from 'react';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, normalizeLanguage, type Language } from '../i18n';

export function LanguageSwitch({ style }: { style?: CSSProperties }) {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<Language>
      size="small"
      style={style}
      aria-label={t('app.language')}
      value={normalizeLanguage(i18n.language)}
      options={LANGUAGES.map(({ value, label }) => ({ value, label }))}
      onChange={(value) => void changeLanguage(value)}
    />
  );
}
