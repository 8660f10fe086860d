import { describe, expect, it } from 'vitest';
import { countTick, feeTick, hourLabel, sparseTicks } from '../../../../src/ui/charts/chartFormat';
import { blockBars, hourlyBars } from '../../../../src/ui/charts/hourlyBars';

describe('chart formats', () => {
  it("hour labels read 'Hour N'", () => {
    expect(hourLabel(0)).toBe('Hour 0');
    expect(hourLabel(23)).toBe('Hour 23');
  });

  it('fee and count ticks stay short', () => {
    expect(feeTick(0)).toBe('0');
    expect(feeTick(0.00002)).toBe('2.0e-5');
    expect(feeTick(0.012345)).toBe('0.0123');
    expect(countTick(5)).toBe('5');
    expect(countTick(2.5)).toBe('');
    expect(countTick(12500)).toBe('12.5k');
  });

  it('sparse ticks keep at most the given number of labels, starting at 0', () => {
    expect(sparseTicks(0, 5)).toEqual([]);
    expect(sparseTicks(4, 10)).toEqual([0, 1, 2, 3]);
    expect(sparseTicks(24, 6)).toEqual([0, 4, 8, 12, 16, 20]);
    expect(sparseTicks(3, 0)).toEqual([0]);
  });

  it('bars of hours and blocks carry labels and tooltips', () => {
    expect(hourlyBars([{ _id: 5, hour: 5, count: 3, totalFee: 0, totalFeeWei: '0', createdAt: '', timestamp: 100 }])).toEqual([
      { key: '100', label: 'Hour 5', value: 3, title: 'Hour 5: 3 transactions' },
    ]);
    expect(blockBars([{ blockNumber: 7, Trx: 2 }])).toEqual([{ key: '7', label: '7', value: 2, title: 'Block #7: 2 transactions' }]);
  });
});
