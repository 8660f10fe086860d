import { describe, expect, it } from 'vitest';
import { formatTokenAmount } from '../../../src/lib/amount';
import { tokenLabel } from '../../../src/lib/movedToken';

describe('formatTokenAmount', () => {
  it.each([
    ['2040000000000000000', 18, {}, '2.04'],
    ['1234567891234567890', 18, {}, '1.23457'],
    ['10000000000000000000000000', 18, { symbol: 'RGLD' }, '10,000,000 RGLD'],
    // Issue #25 item 4: a row read '1000000000 RUSD' while the total supply read '100,000,000,000 RUSD'.
    ['1000000000000000000000000000', 18, { symbol: 'RUSD' }, '1,000,000,000 RUSD'],
    ['1000010371254050000000000000', 18, { symbol: 'RUSD' }, '1,000,010,371.25405 RUSD'],
    ['1500000', 6, { symbol: 'USDT' }, '1.5 USDT'],
    ['7', 0, {}, '7'],
    ['1', 18, {}, '<0.00001'],
    ['0', 18, { symbol: 'X' }, '0 X'],
  ] as const)('%s with %s decimals → %s', (wei, decimals, opts, text) => expect(formatTokenAmount(wei, decimals, opts)).toBe(text));

  it('falls back to 18 decimals when unknown and to — when there is no amount', () => {
    expect(formatTokenAmount('1000000000000000000', null)).toBe('1');
    expect(formatTokenAmount(null, 18, { symbol: 'X' })).toBe('—');
    expect(formatTokenAmount('abc', 18)).toBe('—');
  });
});

describe('tokenLabel', () => {
  it.each([
    ['Ruby Gold', 'RGLD', 'Ruby Gold (RGLD)'],
    ['Ruby Gold', null, 'Ruby Gold'],
    [null, 'RGLD', 'RGLD'],
    ['  ', '', null],
    [null, null, null],
  ])('%s / %s → %s', (name, symbol, label) => expect(tokenLabel(name, symbol)).toBe(label));
});
