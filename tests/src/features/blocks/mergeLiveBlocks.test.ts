import { describe, expect, it } from 'vitest';
import type { BlocksPage } from '../../../../common/api/blocks';
import { mergeLiveBlocks } from '../../../../src/features/blocks/blocksApi';
import { blockItem } from '../transactions/fixtures';

function page(numbers: number[], total: number): BlocksPage {
  return {
    status: true,
    result: numbers.map((n) => blockItem(n)),
    totalTransactions: total,
    totalPages: Math.ceil(total / 3),
    currentPage: 1,
  };
}
const numbers = (p: BlocksPage) => p.result.map((b) => b.blockNumber);

describe('mergeLiveBlocks', () => {
  it('puts new blocks on top, keeps the page size and grows the totals', () => {
    const next = mergeLiveBlocks(page([10, 9, 8], 11), [blockItem(12), blockItem(11), blockItem(10)], 3);
    expect(numbers(next)).toEqual([12, 11, 10]);
    expect(next.totalTransactions).toBe(13);
    expect(next.totalPages).toBe(5);
  });

  it('changes nothing for a push of blocks already shown, but takes the pushed copy', () => {
    const pushed = blockItem(10, { Trx: 99 });
    const next = mergeLiveBlocks(page([10, 9, 8], 11), [pushed], 3);
    expect(numbers(next)).toEqual([10, 9, 8]);
    expect(next.result[0]!.Trx).toBe(99);
    expect(next.totalTransactions).toBe(11);
  });

  it('fills an empty first page', () => {
    const next = mergeLiveBlocks(page([], 0), [blockItem(1), blockItem(0)], 3);
    expect(numbers(next)).toEqual([1, 0]);
    expect(next.totalTransactions).toBe(2);
    expect(next.totalPages).toBe(1);
  });

  it('orders an unordered push and drops duplicates', () => {
    const next = mergeLiveBlocks(page([5, 4], 6), [blockItem(6), blockItem(7), blockItem(6)], 3);
    expect(numbers(next)).toEqual([7, 6, 5]);
    expect(next.totalTransactions).toBe(8);
  });
});
