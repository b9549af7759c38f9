import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Lang } from '@hotline/domain';
import zhCN from './zh-CN';
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

/** The console's language as the domain's names take it ('zh' | 'en'); re-renders on a switch. */
export function useDomainLang(): Lang {
  const { i18n: instance } = useTranslation();
  return isEnglish(instance.language) ? 'en' : 'zh';
}

const initial = normalizeLanguage(getStoredLanguage());

void i18n.use(initReactI18next).init({
  // Chinese is built in; the English texts are a chunk of their own, fetched only when the
  // console is in English (the login page loads less: bench/console-size.mjs).
  resources: { 'zh-CN': { translation: zhCN } },
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  initAsync: false,
});

let englishTexts: Promise<void> | null = null;

/** Makes sure the texts of `language` are loaded (fetches the English chunk once). */
function loadTexts(language: Language): Promise<void> {
  if (language !== 'en-US') return Promise.resolve();
  englishTexts ??= import('./en-US').then(
    ({ default: enUS }) => {
      i18n.addResourceBundle('en-US', 'translation', enUS);
    },
    (error: unknown) => {
      englishTexts = null;
      throw error;
    },
  );
  return englishTexts;
}

/**
 * Resolves when the starting language's texts are there (main.tsx renders after it). If the
 * English chunk cannot be fetched the console starts in Chinese rather than showing keys.
 */
export const textsReady: Promise<void> = loadTexts(initial).catch(async () => {
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
});

function applyLanguage(language: string): void {
  setRequestLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyLanguage(initial);
i18n.on('languageChanged', applyLanguage);

/** Switches the console's language (rejects, changing nothing, if its texts cannot be fetched). */
export async function changeLanguage(language: Language): Promise<void> {
  await loadTexts(language);
  setStoredLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof zhCN };
  }
}
