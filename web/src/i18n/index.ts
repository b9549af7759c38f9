import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCN from './zh-CN';
import enUS from './en-US';
import { getStoredLanguage, setStoredLanguage } from '../lib/storage';
import { setRequestLanguage } from '../lib/request';

export const LANGUAGES = [
  { value: 'zh-CN', label: '简体中文' },
  { value: 'en-US', label: 'English' },
] as const;
export type Language = (typeof LANGUAGES)[number]['value'];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function normalizeLanguage(value: string | null | undefined): Language {
  return value?.toLowerCase().startsWith('en') ? 'en-US' : DEFAULT_LANGUAGE;
}

export function isEnglish(language: string): boolean {
  return normalizeLanguage(language) === 'en-US';
}

const initial = normalizeLanguage(getStoredLanguage());

void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: zhCN },
    'en-US': { translation: enUS },
  },
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  initAsync: false,
});

function applyLanguage(language: string): void {
  setRequestLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyLanguage(initial);
i18n.on('languageChanged', applyLanguage);

export async function changeLanguage(language: Language): Promise<void> {
  setStoredLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof zhCN };
  }
}
