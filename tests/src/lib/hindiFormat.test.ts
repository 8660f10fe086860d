/** Issue #21: numbers, amounts, dates and ages in Hindi; English exactly as before. */
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../src/lib/i18n/locale';
import { decimalToString, groupDigits, parseDecimal } from '../../../src/lib/decimal';
import { formatAmount, formatCount, formatUsd, formatWei } from '../../../src/lib/amount';
import { formatAgeSeconds } from '../../../src/lib/age';
import { formatDateTime, formatLocalTime, formatUtcDate } from '../../../src/lib/detailFormat';

afterEach(async () => {
  await setLocale('en', { persist: false });
});

describe('digit grouping', () => {
  it.each([
    ['1', '1', '1'],
    ['999', '999', '999'],
    ['1000', '1,000', '1,000'],
    ['100000', '100,000', '1,00,000'],
    ['1234567', '1,234,567', '12,34,567'],
    ['123456789012', '123,456,789,012', '1,23,45,67,89,012'],
  ])('%s → %s (en), %s (hi)', (digits, en, hi) => {
    expect(groupDigits(digits, 'en')).toBe(en);
    expect(groupDigits(digits, 'hi')).toBe(hi);
  });

  it('keeps exact decimals in Hindi (no float)', async () => {
    await setLocale('hi', { persist: false });
    const d = parseDecimal('100000.5');
    expect(d && decimalToString(d, { group: true })).toBe('1,00,000.5');
    expect(formatAmount('12345678901234567890.123456789', { places: 9 })).toBe('1,23,45,67,89,01,23,45,67,890.123456789');
    expect(formatWei(10n ** 24n)).toBe('10,00,000');
    expect(formatUsd('-1234567.891')).toBe('-12,34,567.89');
    expect(formatCount(30000000)).toBe('3,00,00,000');
  });

  it('is unchanged in English', () => {
    expect(formatAmount('12345678901234567890.123456789', { places: 9 })).toBe('12,345,678,901,234,567,890.123456789');
    expect(formatCount(30000000)).toBe('30,000,000');
    expect(formatUsd('1234.5')).toBe('1,234.50');
  });
});

describe('ages and dates', () => {
  it('ages in Hindi, and English again after switching back', async () => {
    await setLocale('hi', { persist: false });
    expect(formatAgeSeconds(8)).toBe('8 सेकंड पहले');
    expect(formatAgeSeconds(5 * 60)).toBe('5 मिनट पहले');
    expect(formatAgeSeconds(3 * 3600)).toBe('3 घंटे पहले');
    expect(formatAgeSeconds(2 * 86400)).toBe('2 दिन पहले');
    await setLocale('en', { persist: false });
    expect(formatAgeSeconds(8)).toBe('8s ago');
    expect(formatAgeSeconds(2 * 86400)).toBe('2d ago');
  });

  it('dates through Intl hi-IN in Hindi; the fixed English UTC format in English', async () => {
    const t = Date.UTC(2026, 10, 3, 12, 0, 5) / 1000;
    expect(formatUtcDate(t)).toBe('Nov-03-2026 12:00:05 UTC');
    expect(formatLocalTime(new Date(t * 1000))).toBe(new Date(t * 1000).toLocaleString());
    await setLocale('hi', { persist: false });
    const hindi = formatUtcDate(t);
    expect(hindi).toBe(
      `${new Intl.DateTimeFormat('hi-IN', { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23', timeZone: 'UTC' }).format(t * 1000)} UTC`,
    );
    expect(hindi).toMatch(/नव/);
    expect(hindi).not.toMatch(/Nov|am|pm/);
    expect(formatDateTime(new Date(t * 1000), { timeZone: 'UTC' })).toMatch(/2026/);
  });

  it('keeps one Intl formatter per language, kind and zone: a cached one never answers for another', async () => {
    const t = new Date(Date.UTC(2026, 10, 3, 23, 30, 5));
    const zoned = (tz: string) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23', timeZone: tz }).format(t);
    await setLocale('en', { persist: false });
    expect(formatDateTime(t, { timeZone: 'UTC' })).toBe(zoned('UTC'));
    expect(formatDateTime(t, { timeZone: 'Asia/Kolkata' })).toBe(zoned('Asia/Kolkata'));
    expect(formatDateTime(t, { timeZone: 'UTC' })).toBe(zoned('UTC'));
    const english = formatLocalTime(t);
    await setLocale('hi', { persist: false });
    expect(formatLocalTime(t)).not.toBe(english);
    expect(formatDateTime(t, { timeZone: 'UTC' })).toMatch(/नव/);
    await setLocale('en', { persist: false });
    expect(formatLocalTime(t)).toBe(english);
    expect(formatDateTime(t, { timeZone: 'UTC' })).toBe(zoned('UTC'));
  });
});

describe('server messages', () => {
  it('a known English message is translated in Hindi; an unknown one is shown as it comes', async () => {
    const { localizeServerMessage } = await import('../../../src/lib/serverMessages');
    const { classifyFailure } = await import('../../../src/lib/failure');
    expect(localizeServerMessage('Invalid email or password')).toBe('Invalid email or password');
    await setLocale('hi', { persist: false });
    expect(localizeServerMessage('Invalid email or password')).toBe('ईमेल या पासवर्ड गलत है');
    expect(classifyFailure({ status: 400, message: 'Invalid Address format' }).message).toBe('पते का प्रारूप अमान्य है');
    expect(localizeServerMessage('Something new from the server')).toBe('Something new from the server');
  });
});
