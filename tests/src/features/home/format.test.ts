import { describe, expect, it } from 'vitest';
import { formatBlockTime, formatCount, formatGasTracker, totalBlocks } from '../../../../src/features/home/format';

describe('home tile formats', () => {
  it('counts get thousands separators; absent reads —', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(null)).toBe('—');
    expect(formatCount(Number.NaN)).toBe('—');
  });

  it('total blocks counts heights 0..latest', () => {
    expect(totalBlocks(0)).toBe(1);
    expect(totalBlocks(100)).toBe(101);
    expect(totalBlocks(null)).toBeNull();
  });

  it("average block time reads 'N s'", () => {
    expect(formatBlockTime(10)).toBe('10 s');
    expect(formatBlockTime(2.4)).toBe('2 s');
    expect(formatBlockTime(undefined)).toBe('—');
  });

  it("gas tracker: '0 Ruby' when absent, else 5 decimals in RUBY (exact wei first)", () => {
    expect(formatGasTracker(null, null)).toBe('0 Ruby');
    expect(formatGasTracker(undefined)).toBe('0 Ruby');
    expect(formatGasTracker(0.00021)).toBe('0.00021 RUBY');
    expect(formatGasTracker(0.1, '21050343678000')).toBe('0.00002 RUBY');
    expect(formatGasTracker(0, '0')).toBe('0.00000 RUBY');
    expect(formatGasTracker(1.5)).toBe('1.50000 RUBY');
  });
});
