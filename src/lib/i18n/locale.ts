/**
 * The interface language. English is the source language: every text's English is its
 * source message (./defineTexts.ts), so English needs no catalogue, no library code and never
 * waits. Another language's catalogue comes with Lingui in its own chunk (./hiCatalogue.ts), loaded
 * when that language is chosen. The choice comes from `?lang=` in the URL, else localStorage, else
 * English; `<html lang>` follows it. The choice also goes into the `ruby.lang` cookie, so the
 * server's HTML for the next page comes in that language before any JavaScript
 * (common/routeSkeleton.ts shellLangOf, server/api/spaShell.ts).
 */
import { useSyncExternalStore } from 'react';
import { setActiveTranslator, type Translator } from '../../../common/i18n/texts';
import { LANG_COOKIE } from '../../../common/routeSkeleton';

export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';
export const LANG_STORAGE_KEY = 'ruby.lang';
export const LANG_PARAM = 'lang';
/** A year, in seconds: the language cookie's life (renewed at every start). */
const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The BCP 47 tag for Intl (numbers, dates): Indian digit grouping (1,00,000) in Hindi. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', hi: 'hi-IN' };

let active: Locale = SOURCE_LOCALE;
const translators = new Map<Locale, Translator>();
const listeners = new Set<() => void>();

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function currentLocale(): Locale {
  return active;
}

/** The Intl locale of the active language ('en-US' or 'hi-IN'). */
export function currentIntlLocale(): string {
  return INTL_LOCALE[active];
}

/** The language cookie's value, when it names a language. */
function cookieLocale(): Locale | null {
  if (typeof document === 'undefined') return null;
  const value = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANG_COOKIE)?.[1];
  return isLocale(value) ? value : null;
}

/** The stored choice; the cookie when storage holds none (storage disabled or cleared), as the server's HTML followed it. */
function storedLocale(): Locale | null {
  try {
    const value = globalThis.localStorage?.getItem(LANG_STORAGE_KEY);
    if (isLocale(value)) return value;
  } catch {
    // storage disabled (private mode, sandboxed frame): the cookie, else the default applies
  }
  return cookieLocale();
}

function storeLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(LANG_STORAGE_KEY, locale);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

/** The language asked for by `?lang=` (when valid), else the stored choice (or the cookie), else English. */
export function requestedLocale(search: string = globalThis.location?.search ?? ''): Locale {
  const fromUrl = new URLSearchParams(search).get(LANG_PARAM);
  if (isLocale(fromUrl)) return fromUrl;
  return storedLocale() ?? SOURCE_LOCALE;
}

/** The language for the server's next HTML: same-site, the whole site, a year. */
function writeLangCookie(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANG_COOKIE}=${locale}; path=/; max-age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax`;
}

async function loadTranslator(locale: Locale): Promise<void> {
  if (locale === SOURCE_LOCALE || translators.has(locale)) return;
  const { hindiTranslator } = await import('./hiCatalogue');
  translators.set(locale, hindiTranslator());
}

/**
 * Switches the interface language: loads its catalogue if needed, makes it active (components
 * re-render through useLocale), keeps the choice and sets `<html lang>`.
 */
export async function setLocale(locale: Locale, opts: { persist?: boolean } = {}): Promise<void> {
  await loadTranslator(locale);
  if (opts.persist !== false) storeLocale(locale);
  writeLangCookie(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (active === locale) return;
  active = locale;
  setActiveTranslator(locale === SOURCE_LOCALE ? null : (translators.get(locale) ?? null));
  for (const listener of listeners) listener();
}

/** At start-up, before the first render: the requested language (a `?lang=` choice is kept). */
export function initLocale(search: string = globalThis.location?.search ?? ''): Promise<void> {
  const fromUrl = isLocale(new URLSearchParams(search).get(LANG_PARAM));
  return setLocale(requestedLocale(search), { persist: fromUrl });
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The active language; a component using it re-renders when the language changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}
