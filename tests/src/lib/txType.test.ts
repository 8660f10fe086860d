import { describe, expect, it } from 'vitest';
import { txTypeLabel } from '../../../src/lib/txType';

describe('transaction type labels', () => {
  it.each([
    [0, 'Coin transfer'],
    [1, 'Contract Create'],
    [2, 'Token transfer'],
    [3, 'Contract Call'],
    ['2', 'Token transfer'],
  ])('%j → %s', (code, label) => {
    expect(txTypeLabel(code)).toBe(label);
    expect(txTypeLabel(code, 'home')).toBe(label);
  });

  it('unknown codes read Unknown outside the home lists', () => {
    expect(txTypeLabel(4)).toBe('Unknown');
    expect(txTypeLabel(-1)).toBe('Unknown');
    expect(txTypeLabel(1.5)).toBe('Unknown');
    expect(txTypeLabel(null)).toBe('Unknown');
    expect(txTypeLabel('')).toBe('Unknown');
    expect(txTypeLabel('x')).toBe('Unknown');
  });

  it('home lists read any code above 2 as Contract Call', () => {
    expect(txTypeLabel(4, 'home')).toBe('Contract Call');
    expect(txTypeLabel(99, 'home')).toBe('Contract Call');
    expect(txTypeLabel(undefined, 'home')).toBe('Unknown');
  });
});
