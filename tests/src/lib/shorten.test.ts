import { describe, expect, it } from 'vitest';
import { shorten, shortenAddress, shortenBlockCard, shortenHash, shortenQueryEcho } from '../../../src/lib/shorten';

const HASH = '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef';
const ADDR = 'rAbCdEf0123456789aBcDeF0123456789AbCdEf01';

describe('shortening', () => {
  it('hash: first 6, dots, last 4', () => {
    expect(shortenHash(HASH)).toBe('0x1234...cdef');
  });

  it('block card: first 6 and last 6', () => {
    expect(shortenBlockCard(HASH)).toBe('0x1234...abcdef');
  });

  it.each([
    [20, 'rAbCdEf0123456789aBc...Ef01'],
    [15, 'rAbCdEf01234567...Ef01'],
    [12, 'rAbCdEf01234...Ef01'],
    [5, 'rAbCd...Ef01'],
  ] as const)('address with %i leading characters', (lead, expected) => {
    expect(shortenAddress(ADDR, lead)).toBe(expected);
  });

  it('returns short values whole', () => {
    expect(shortenHash('0x12')).toBe('0x12');
    expect(shorten('abcdefghijklm', 6, 4)).toBe('abcdefghijklm');
    expect(shorten('abcdefghijklmn', 6, 4)).toBe('abcdef...klmn');
    expect(shortenHash('')).toBe('');
  });
});

describe('search echo', () => {
  it('keeps queries of up to 20 characters', () => {
    expect(shortenQueryEcho('')).toBe('');
    expect(shortenQueryEcho('RubyToken')).toBe('RubyToken');
    expect(shortenQueryEcho('a'.repeat(20))).toBe('a'.repeat(20));
  });

  it('over 20: first 20, six dots, last 4', () => {
    expect(shortenQueryEcho('abcdefghijklmnopqrstu')).toBe('abcdefghijklmnopqrst......rstu');
    expect(shortenQueryEcho(HASH)).toBe('0x1234567890abcdef12......cdef');
  });
});
