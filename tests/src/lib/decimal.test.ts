import { describe, expect, it } from 'vitest';
import { decimalToString, fromWei, parseDecimal, roundDecimal } from '../../../src/lib/decimal';

describe('parseDecimal', () => {
  it.each([
    ['0', 0n, 0],
    ['12.50', 1250n, 2],
    ['-0.001', -1n, 3],
    ['.5', 5n, 1],
    ['5.', 5n, 0],
    ['+7', 7n, 0],
    ['1e-7', 1n, 7],
    ['1.5e+21', 1500000000000000000000n, 0],
    ['  42  ', 42n, 0],
  ])('%s', (input, units, scale) => {
    expect(parseDecimal(input)).toEqual({ units, scale });
  });

  it('reads JSON numbers through their shortest spelling', () => {
    expect(parseDecimal(0.1)).toEqual({ units: 1n, scale: 1 });
    expect(parseDecimal(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(parseDecimal(123456789)).toEqual({ units: 123456789n, scale: 0 });
  });

  it.each(['', 'abc', '1.2.3', '--1', '.', 'e5', '0x10', '1e999999'])('rejects %j', (input) => {
    expect(parseDecimal(input)).toBeNull();
  });

  it('rejects NaN and infinities', () => {
    expect(parseDecimal(Number.NaN)).toBeNull();
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('fromWei / roundDecimal / decimalToString', () => {
  it('converts wei exactly, with no float in between', () => {
    const d = fromWei(123456789012345678901234567890n);
    expect(d && decimalToString(d)).toBe('123456789012.345678901234567890');
    expect(d && decimalToString(d, { trim: true })).toBe('123456789012.34567890123456789');
  });

  it('accepts integer strings and rejects others', () => {
    expect(fromWei('1000000000000000000')).toEqual({ units: 10n ** 18n, scale: 18 });
    expect(fromWei('1.5')).toBeNull();
    expect(fromWei('abc')).toBeNull();
  });

  it('rounds half away from zero', () => {
    expect(decimalToString(roundDecimal({ units: 125n, scale: 3 }, 2))).toBe('0.13');
    expect(decimalToString(roundDecimal({ units: 124n, scale: 3 }, 2))).toBe('0.12');
    expect(decimalToString(roundDecimal({ units: -125n, scale: 3 }, 2))).toBe('-0.13');
    expect(decimalToString(roundDecimal({ units: 999n, scale: 3 }, 2))).toBe('1.00');
  });

  it('pads, trims and groups', () => {
    expect(decimalToString({ units: 5n, scale: 0 }, { fixed: 2 })).toBe('5.00');
    expect(decimalToString({ units: 500n, scale: 2 }, { trim: true })).toBe('5');
    expect(decimalToString({ units: 123456789n, scale: 0 }, { group: true })).toBe('123,456,789');
    expect(decimalToString({ units: -1234567n, scale: 2 }, { group: true })).toBe('-12,345.67');
  });

  it('never prints -0', () => {
    expect(decimalToString(roundDecimal({ units: -1n, scale: 9 }, 2))).toBe('0.00');
  });
});
