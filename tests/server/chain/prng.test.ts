import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../server/chain/prng';

describe('prng', () => {
  it('gives the same sequence for the same seed, another for another seed', () => {
    const draw = (seed: number) => {
      const p = createPrng(seed);
      return Array.from({ length: 20 }, () => p.int(0, 1_000_000));
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('keeps int() within bounds and reaches both ends', () => {
    const p = createPrng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) {
      const n = p.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('draws weighted keys in proportion and samples distinct items', () => {
    const p = createPrng(7);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 10_000; i++) counts[p.weighted({ a: 1, b: 3, c: 0 })]++;
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.6);
    expect(counts.b / counts.a).toBeLessThan(3.4);
    const s = p.sample([1, 2, 3, 4], 3);
    expect(new Set(s).size).toBe(3);
    expect(p.sample([1, 2], 5)).toHaveLength(2);
  });
});
