/** Local storage of the console. The spec's login storage key is `jsjb` (spec section 3). */
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

export function removeToken(): void {
  storage()?.removeItem(TOKEN_KEY);
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

export function readItem(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeItem(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // quota exceeded or storage disabled: the setting lives for this page only
  }
}

/** A stored JSON value, or null when missing or unreadable. */
export function readJson(key: string): unknown {
  const text = readItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}
