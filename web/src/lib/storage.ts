/** Local storage of the session. The spec's login storage key is `jsjb`. */
export const TOKEN_KEY = 'jsjb';
export const LANGUAGE_KEY = 'language';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  const value = storage()?.getItem(TOKEN_KEY);
  return value ? value : null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
}

/** Logout and user reset clear all local storage, the token included (spec section 4). */
export function clearAllStorage(): void {
  storage()?.clear();
}

export function getStoredLanguage(): string | null {
  return storage()?.getItem(LANGUAGE_KEY) ?? null;
}

export function setStoredLanguage(language: string): void {
  storage()?.setItem(LANGUAGE_KEY, language);
}
