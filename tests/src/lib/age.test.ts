import { describe, expect, it } from 'vitest';
import { formatAge, formatAgeSeconds, toEpochSeconds } from '../../../src/lib/age';

describe('formatAgeSeconds (thresholds 60 / 3600 / 86400)', () => {
  it.each([
    [0, '0s ago'],
    [1, '1s ago'],
    [59, '59s ago'],
    [59.9, '59s ago'],
    [60, '1m ago'],
    [119, '1m ago'],
    [3599, '59m ago'],
    [3600, '1h ago'],
    [86399, '23h ago'],
    [86400, '1d ago'],
    [86400 * 400, '400d ago'],
  ])('%s s → %s', (s, expected) => {
    expect(formatAgeSeconds(s)).toBe(expected);
  });

  it('reads a future time (clock skew) as 0s ago', () => {
    expect(formatAgeSeconds(-5)).toBe('0s ago');
    expect(formatAgeSeconds(Number.NaN)).toBe('0s ago');
  });
});

describe('toEpochSeconds', () => {
  it('accepts seconds, milliseconds, numeric strings, ISO strings and Dates', () => {
    expect(toEpochSeconds(1_700_000_000)).toBe(1_700_000_000);
    expect(toEpochSeconds(1_700_000_000_123)).toBe(1_700_000_000);
    expect(toEpochSeconds('1700000000')).toBe(1_700_000_000);
    expect(toEpochSeconds('2023-11-14T22:13:20.000Z')).toBe(1_700_000_000);
    expect(toEpochSeconds(new Date('2023-11-14T22:13:20.999Z'))).toBe(1_700_000_000);
  });

  it.each([null, undefined, '', 'yesterday', new Date('nope')])('%j → null', (t) => {
    expect(toEpochSeconds(t)).toBeNull();
  });
});

describe('formatAge', () => {
  it('is relative to the given now', () => {
    expect(formatAge(1000, 1030)).toBe('30s ago');
    expect(formatAge('1970-01-01T00:16:40Z', 1000 + 7200)).toBe('2h ago');
    expect(formatAge('garbage', 1000)).toBeNull();
  });
});
