/** The URL side of pagination: reading ?page= and ?ps=, the sizes a list offers. */
import { describe, expect, it } from 'vitest';
import { pageSizes, readPage, readSize } from '../../../src/ui/usePagedUrl';

describe('readPage', () => {
  it('reads a whole page number from 1', () => {
    expect(readPage('3')).toBe(3);
    expect(readPage(' 12 ')).toBe(12);
  });
  it('reads anything else as page 1', () => {
    expect(readPage(null)).toBe(1);
    expect(readPage('0')).toBe(1);
    expect(readPage('-2')).toBe(1);
    expect(readPage('2.5')).toBe(1);
    expect(readPage('abc')).toBe(1);
    expect(readPage('99999999999999')).toBe(1);
  });
});

describe('page sizes (?ps=)', () => {
  it('offers 10, 25, 50, 100 and the list default, in order', () => {
    expect(pageSizes(20)).toEqual([10, 20, 25, 50, 100]);
    expect(pageSizes(200)).toEqual([10, 25, 50, 100, 200]);
    expect(pageSizes(25)).toEqual([10, 25, 50, 100]);
  });
  it('reads an offered size, anything else as the default', () => {
    const sizes = pageSizes(20);
    expect(readSize('50', sizes, 20)).toBe(50);
    expect(readSize(' 10 ', sizes, 20)).toBe(10);
    expect(readSize(null, sizes, 20)).toBe(20);
    expect(readSize('7', sizes, 20)).toBe(20);
    expect(readSize('200', sizes, 20)).toBe(20);
    expect(readSize('1e2', sizes, 20)).toBe(20);
    expect(readSize('-10', sizes, 20)).toBe(20);
  });
});
