/** Issue #21: texts read English by default and Hindi once Hindi is active; the choice is kept. */
import { afterEach, describe, expect, it } from 'vitest';
import { BLOCK_COLUMNS, BLOCK_TEXTS } from '../../../src/features/blocks/texts';
import { currentLocale, initLocale, requestedLocale, setLocale, LANG_STORAGE_KEY } from '../../../src/lib/i18n/locale';
import { defineTexts } from '../../../common/i18n/texts';

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

describe('defineTexts', () => {
  it('gives the English source, letter for letter, while English is active', () => {
    expect(currentLocale()).toBe('en');
    expect(BLOCK_TEXTS.listCaption).toBe('Blocks');
    expect(BLOCK_TEXTS.txCount(1)).toBe('1 transaction in this block');
    expect(BLOCK_TEXTS.txCount(2)).toBe('2 transactions in this block');
    expect(Object.values(BLOCK_COLUMNS)).toContain('Gas used');
  });

  it('gives the Hindi message once Hindi is active, with Indian digit grouping, and English again after', async () => {
    await setLocale('hi');
    expect(BLOCK_TEXTS.listCaption).toBe('ब्लॉक');
    expect(BLOCK_TEXTS.txCount(100000)).toBe('इस ब्लॉक में 1,00,000 लेनदेन');
    expect(BLOCK_TEXTS.invalidValue('x')).toBe('“x” कोई ब्लॉक संख्या या ब्लॉक हैश नहीं है।');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('hi');
    await setLocale('en');
    expect(BLOCK_TEXTS.listCaption).toBe('Blocks');
    expect(document.documentElement.lang).toBe('en');
  });

  it('falls back to the English of a text that has no Hindi message', async () => {
    const texts = defineTexts('testonly.fallback', { untranslated: 'Only English', fn: (n: number) => `${n} only` });
    await setLocale('hi');
    expect(texts.untranslated).toBe('Only English');
    expect(texts.fn(3)).toBe('3 only');
  });

  it('refuses a namespace without a catalogue part and one defined twice', () => {
    expect(() => defineTexts('flat', { a: 'b' })).toThrow(/namespace/);
    expect(() => defineTexts('blocks.texts', { a: 'b' })).toThrow(/twice/);
  });

  it('takes ?lang= first, then the stored choice, then English', async () => {
    expect(requestedLocale('')).toBe('en');
    localStorage.setItem(LANG_STORAGE_KEY, 'hi');
    expect(requestedLocale('')).toBe('hi');
    expect(requestedLocale('?lang=en')).toBe('en');
    expect(requestedLocale('?lang=xx')).toBe('hi');
    localStorage.clear();
    await initLocale('?lang=hi');
    expect(currentLocale()).toBe('hi');
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('hi');
  });
});
