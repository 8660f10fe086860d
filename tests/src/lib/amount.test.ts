import { describe, expect, it } from 'vitest';
import { NO_VALUE } from '../../../common/spec';
import {
  formatAmount,
  formatDetailAmount,
  formatFee,
  formatInrFromUsd,
  formatInrValue,
  formatUsd,
  formatUsdValue,
  formatWei,
  weiToRuby,
} from '../../../src/lib/amount';

const ONE_RUBY = 10n ** 18n;

describe('formatAmount (lists and wallet: 5 decimals, trailing zeros trimmed)', () => {
  it.each([
    ['0', '0'],
    [0, '0'],
    ['1', '1'],
    ['1.50000', '1.5'],
    ['1.234564', '1.23456'],
    ['1.234565', '1.23457'],
    ['0.000005', '0.00001'],
    ['0.00001', '0.00001'],
    ['2.999999', '3'],
    ['271822351', '271,822,351'],
    ['123456789012345678901234567890.123', '123,456,789,012,345,678,901,234,567,890.123'],
    [0.1 + 0.2, '0.3'],
    [1e21, '1,000,000,000,000,000,000,000'],
  ])('%j → %s', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('reads bigint as wei', () => {
    expect(formatAmount(ONE_RUBY)).toBe('1');
    expect(formatAmount(1234567890000000000n)).toBe('1.23457');
    expect(formatAmount(0n)).toBe('0');
    expect(formatAmount(10n ** 40n)).toBe('10,000,000,000,000,000,000,000');
  });

  it('shows a tiny non-zero value as below the smallest step, not as 0', () => {
    expect(formatAmount('0.000004')).toBe('<0.00001');
    expect(formatAmount(1n)).toBe('<0.00001');
    expect(formatAmount(1e-12)).toBe('<0.00001');
  });

  it('keeps a sign rather than hiding one', () => {
    expect(formatAmount('-1.5')).toBe('-1.5');
    expect(formatAmount('-0.000001')).toBe('>-0.00001');
  });

  // Issue #25 item 4: one look for every number ('9971.2797 RUBY' and '1000000000 RUSD' were ungrouped).
  it('groups thousands by default, and only leaves them out when asked', () => {
    expect(formatAmount('1234567.891')).toBe('1,234,567.891');
    expect(formatAmount('9971.27970')).toBe('9,971.2797');
    expect(formatAmount('999.5')).toBe('999.5');
    expect(formatAmount('-1234.5')).toBe('-1,234.5');
    expect(formatAmount('1234567.891', { group: false })).toBe('1234567.891');
  });

  it('honours other decimals for token amounts', () => {
    expect(formatAmount(1234567n, { unitDecimals: 6 })).toBe('1.23457');
  });

  it.each([null, undefined, '', 'abc', Number.NaN])('%j → no value', (input) => {
    expect(formatAmount(input)).toBe(NO_VALUE);
  });
});

describe('fixed-place formats', () => {
  it('fee: exactly 5 decimals', () => {
    expect(formatFee('0.00021')).toBe('0.00021');
    expect(formatFee(0)).toBe('0.00000');
    expect(formatFee('1')).toBe('1.00000');
    expect(formatFee('0.0000001')).toBe('<0.00001');
  });

  it('transaction detail: exactly 6 decimals', () => {
    expect(formatDetailAmount('1.5')).toBe('1.500000');
    expect(formatDetailAmount('0.0000015')).toBe('0.000002');
    expect(formatDetailAmount(ONE_RUBY / 3n)).toBe('0.333333');
  });

  it('USD: exactly 2 decimals, grouped', () => {
    expect(formatUsd('0.5')).toBe('0.50');
    expect(formatUsd(1234.567)).toBe('1,234.57');
    expect(formatUsd(0)).toBe('0.00');
  });

  it('rupees: USD × 87, 2 decimals', () => {
    expect(formatInrFromUsd('1')).toBe('87.00');
    expect(formatInrFromUsd(0.1)).toBe('8.70');
    expect(formatInrFromUsd(null)).toBe(NO_VALUE);
  });

  it('values of a balance at a price', () => {
    expect(formatUsdValue('2.5', '1.2')).toBe('3.00');
    expect(formatUsdValue(3n * ONE_RUBY, '0.1')).toBe('0.30');
    expect(formatInrValue('2', '0.5')).toBe('87.00');
    expect(formatUsdValue(undefined, '1')).toBe(NO_VALUE);
  });
});

describe('wei strings', () => {
  it('formats the exact wei the API sends beside each amount', () => {
    expect(formatWei('1500000000000000000')).toBe('1.5');
    expect(formatWei('210000000000000', { places: 5, trim: false })).toBe('0.00021');
    expect(formatWei('1', { places: 6, trim: false })).toBe('<0.000001');
    expect(formatWei('not wei')).toBe(NO_VALUE);
    expect(formatWei(null)).toBe(NO_VALUE);
  });

  it('converts without rounding', () => {
    expect(weiToRuby('1')).toBe('0.000000000000000001');
    expect(weiToRuby(ONE_RUBY * 271822351n)).toBe('271822351');
    expect(weiToRuby('x')).toBeNull();
  });
});
