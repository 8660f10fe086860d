/**
 * The auth token in localStorage under 'token' (docs/decisions.md#spec-entities). Logged in = a token exists.
 * Writes go through here so every subscriber (the header's logout icon) hears about them in
 * this tab; the 'storage' event covers other tabs.
 */
export const TOKEN_KEY = 'token';
const CHANGE_EVENT = 'ruby:token-change';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some privacy modes throw on access; behave as logged out.
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * The login token as the API's `Authorization: Bearer` header, or no header when logged out
 * (the server answers both a missing and an empty token with the same 401).
 */
export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

export function hasToken(): boolean {
  return getToken() !== null;
}

/** Calls `listener` whenever the token may have changed (this tab or another). */
export function subscribeToken(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === TOKEN_KEY) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
