import type { CSSProperties } from 'react';
import { App, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, normalizeLanguage, type Language } from '../i18n';

/** Switches the console's language; says so if that language's texts cannot be downloaded. */
export function useSwitchLanguage(): (language: Language) => void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (language) =>
    void changeLanguage(language).catch(() => message.error(t('app.languageLoadError')));
}

export function LanguageSwitch({ style }: { style?: CSSProperties }) {
  const { t, i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  return (
    <Segmented<Language>
      size="small"
      style={style}
      aria-label={t('app.language')}
      value={normalizeLanguage(i18n.language)}
      options={LANGUAGES.map(({ value, label }) => ({ value, label }))}
      onChange={switchLanguage}
    />
  );
}
