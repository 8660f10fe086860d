import { describe, expect, it } from 'vitest';
import { formatDetailUnits, formatGwei, formatCount, percentOf } from '../../../src/lib/amount';
import { formatUtcDate } from '../../../src/lib/detailFormat';

describe('formatDetailUnits', () => {
  it('formats base units with at least 6 decimals for any token decimals', () => {
    expect(formatDetailUnits('1500000000000000000')).toBe('1.500000');
    expect(formatDetailUnits('1234567', 6)).toBe('1.234567');
    expect(formatDetailUnits('5', 0)).toBe('5.000000');
    expect(formatDetailUnits('100000000000000000000000000')).toBe('100,000,000.000000');
  });
  it('keeps every digit, never rounds (issue #38 item 16: 0.000034584554761875 read 0.000035)', () => {
    expect(formatDetailUnits('34584554761875')).toBe('0.000034584554761875');
    expect(formatDetailUnits('48008808866457649071', 18)).toBe('48.008808866457649071');
    expect(formatDetailUnits('1')).toBe('0.000000000000000001');
  });
  it('reads zero as 0, not 0.000000 (issue #38 item 16)', () => {
    expect(formatDetailUnits('0')).toBe('0');
  });
  it('reads absent or malformed input as —', () => {
    expect(formatDetailUnits(null)).toBe('—');
    expect(formatDetailUnits(undefined)).toBe('—');
    expect(formatDetailUnits('1.5')).toBe('—');
    expect(formatDetailUnits('-1')).toBe('—');
  });
});

describe('formatGwei', () => {
  it('converts wei per gas to Gwei, trimmed', () => {
    expect(formatGwei('1000000000')).toBe('1');
    expect(formatGwei('64468841')).toBe('0.064468841');
    expect(formatGwei('1500000000')).toBe('1.5');
    expect(formatGwei('1')).toBe('0.000000001');
  });
  it('reads absent input as —', () => {
    expect(formatGwei(null)).toBe('—');
    expect(formatGwei('0x10')).toBe('—');
  });
});

describe('percentOf', () => {
  it('gives two decimals, rounded half up', () => {
    expect(percentOf('21000', '21000')).toBe('100.00%');
    expect(percentOf('136351', '360000')).toBe('37.88%');
    expect(percentOf('1', '3')).toBe('33.33%');
    expect(percentOf('2', '3')).toBe('66.67%');
    expect(percentOf('0', '10')).toBe('0.00%');
    expect(percentOf('1', '100000')).toBe('0.00%');
    expect(percentOf('1', '200000')).toBe('0.00%');
    expect(percentOf('1', '20000')).toBe('0.01%');
  });
  it('is — for a zero or unknown whole', () => {
    expect(percentOf('1', '0')).toBe('—');
    expect(percentOf(null, '10')).toBe('—');
    expect(percentOf('1', undefined)).toBe('—');
  });
  it('stays exact beyond floating point', () => {
    expect(percentOf('123456789012345678901234567890', '123456789012345678901234567890')).toBe('100.00%');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount('30000000')).toBe('30,000,000');
    expect(formatCount(4762)).toBe('4,762');
    expect(formatCount('999')).toBe('999');
    expect(formatCount('0')).toBe('0');
  });
  it('leaves other text alone and shows — for nothing', () => {
    expect(formatCount('0x1f')).toBe('0x1f');
    expect(formatCount(null)).toBe('—');
    expect(formatCount('')).toBe('—');
  });
  // One helper for the transaction, block, address, token, contract and catalogue pages.
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['1234567', '1,234,567'],
    [21, '21'],
    [null, '—'],
    [undefined, '—'],
    ['', '—'],
    ['12.5', '12.5'],
  ])('%s → %s', (v, text) => expect(formatCount(v)).toBe(text));
});

describe('formatUtcDate', () => {
  it('gives a locale-independent UTC date', () => {
    expect(formatUtcDate(1795336180)).toBe('Nov-22-2026 08:29:40 UTC');
    expect(formatUtcDate(0)).toBe('Jan-01-1970 00:00:00 UTC');
  });
  it('is — for nothing', () => {
    expect(formatUtcDate(null)).toBe('—');
    expect(formatUtcDate(Number.NaN)).toBe('—');
  });
});
