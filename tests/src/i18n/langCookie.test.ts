/**
 * Issue #21: the language choice also goes into the `ruby.lang` cookie (same-site, the whole site,
 * a year), so the server's next HTML comes in that language (common/routeSkeleton.ts shellLangOf).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANG_COOKIE, shellLangOf } from '../../../common/routeSkeleton';
import { initLocale, setLocale } from '../../../src/lib/i18n/locale';

/** Every raw string written to document.cookie while `run` runs (attributes included). */
async function cookieWrites(run: () => Promise<void>): Promise<string[]> {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  if (!descriptor?.set || !descriptor.get) throw new Error('jsdom has no document.cookie accessor');
  const writes: string[] = [];
  const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
    writes.push(value);
    descriptor.set?.call(this, value);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return writes;
}

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

describe('the language cookie', () => {
  it('is set to hi with the choice of Hindi: SameSite=Lax, path=/, a year', async () => {
    const writes = await cookieWrites(() => setLocale('hi'));
    expect(writes).toEqual([`${LANG_COOKIE}=hi; path=/; max-age=31536000; SameSite=Lax`]);
    expect(shellLangOf('', document.cookie)).toBe('hi');
  });

  it('is set back to en when switching back to English', async () => {
    await setLocale('hi');
    const writes = await cookieWrites(() => setLocale('en'));
    expect(writes).toEqual([`${LANG_COOKIE}=en; path=/; max-age=31536000; SameSite=Lax`]);
    expect(shellLangOf('', document.cookie)).toBe('en');
  });

  it('follows a ?lang= choice at start-up', async () => {
    await initLocale('?lang=hi');
    expect(shellLangOf('', document.cookie)).toBe('hi');
    await initLocale('?lang=en');
    expect(shellLangOf('', document.cookie)).toBe('en');
  });
});

describe('shellLangOf (the language a request for HTML asks for)', () => {
  it('takes ?lang= first, then the cookie, else English', () => {
    expect(shellLangOf('lang=hi', undefined)).toBe('hi');
    expect(shellLangOf('lang=en', `${LANG_COOKIE}=hi`)).toBe('en');
    expect(shellLangOf('page=2', `theme=dark; ${LANG_COOKIE}=hi; other=1`)).toBe('hi');
    expect(shellLangOf('', undefined)).toBe('en');
  });

  it('ignores values it does not know', () => {
    expect(shellLangOf('lang=fr', `${LANG_COOKIE}=xx`)).toBe('en');
    expect(shellLangOf('lang=%3Cb%3E', `${LANG_COOKIE}=hi`)).toBe('hi');
    expect(shellLangOf('', `x${LANG_COOKIE}=hi`)).toBe('en');
  });
});
