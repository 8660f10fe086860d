import fc from 'fast-check';
import { formatUnits } from 'ethers';
import { describe, expect, it } from 'vitest';
import { toAmount } from '../../../server/core/format';

describe('toAmount', () => {
  it('equals Number(formatUnits(...)) for any amount and decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 256n), max: 2n ** 256n }), fc.integer({ min: 0, max: 80 }), fc.boolean(), (v, d, asString) => {
        expect(toAmount(asString ? v.toString() : v, d)).toBe(Number(formatUnits(v, d)));
      }),
      { numRuns: 3000 },
    );
  });

  it('handles the edges: null, zero, one wei, exact RUBY, hex strings', () => {
    expect(toAmount(null)).toBe(0);
    expect(toAmount(undefined)).toBe(0);
    expect(toAmount('0')).toBe(0);
    expect(toAmount('1')).toBe(1e-18);
    expect(toAmount('1000000000000000000')).toBe(1);
    expect(toAmount('21000000000000')).toBe(0.000021);
    expect(toAmount('0x0de0b6b3a7640000')).toBe(1);
    expect(toAmount('123', 0)).toBe(123);
    expect(toAmount('-1500000', 6)).toBe(-1.5);
  });

  it('refuses what is not an amount', () => {
    expect(() => toAmount('1.5')).toThrow();
    expect(() => toAmount('abc')).toThrow();
    expect(() => toAmount('1', -1)).toThrow(RangeError);
  });
});
