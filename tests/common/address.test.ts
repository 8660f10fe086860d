import { randomBytes } from 'node:crypto';
import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  AddressError,
  isAddress,
  parseAddress,
  sameAddress,
  toChecksumHexAddress,
  toHexAddress,
  toRubyAddress,
  toRubyAddressOrNull,
} from '../../common/address';

// Vitalik's well-known address: a fixed EIP-55 vector.
const lower = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';
const checksummed = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const ruby = 'rd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe('address conversion', () => {
  it('0x → r with EIP-55 casing', () => {
    expect(toRubyAddress(lower)).toBe(ruby);
    expect(toRubyAddress(checksummed)).toBe(ruby);
    expect(toRubyAddress(lower.toUpperCase().replace('0X', '0x'))).toBe(ruby);
  });
  it('r → 0x (lowercase canonical, and checksummed)', () => {
    expect(toHexAddress(ruby)).toBe(lower);
    expect(toHexAddress(ruby.toLowerCase())).toBe(lower);
    expect(toHexAddress(`R${ruby.slice(1).toUpperCase()}`)).toBe(lower);
    expect(toChecksumHexAddress(ruby)).toBe(checksummed);
  });
  it('round trips both ways', () => {
    expect(toRubyAddress(toHexAddress(ruby))).toBe(ruby);
    expect(toHexAddress(toRubyAddress(lower))).toBe(lower);
  });
  it('accepts any case, even a mixed case that is not a valid checksum', () => {
    const badChecksum = '0xD8da6bf26964af9d7eed9e03e53415d37aa96045';
    expect(toRubyAddress(badChecksum)).toBe(ruby);
  });
  it('trims surrounding white space', () => {
    expect(parseAddress(`  ${ruby}\n`)).toBe(lower);
  });
  it.each([
    ['empty', ''],
    ['too short', 'r1234'],
    ['39 digits', `r${'a'.repeat(39)}`],
    ['41 digits', `r${'a'.repeat(41)}`],
    ['0x with 41 digits', `0x${'a'.repeat(41)}`],
    ['bad characters', `r${'g'.repeat(40)}`],
    ['bad character at the end', `${ruby.slice(0, 40)}z`],
    ['other prefix', `x${'a'.repeat(40)}`],
    ['bare hex', 'a'.repeat(40)],
    ['0r prefix', `0r${'a'.repeat(40)}`],
    ['hash', `0x${'a'.repeat(64)}`],
    ['inner space', `r${'a'.repeat(20)} ${'a'.repeat(19)}`],
  ])('rejects %s', (_name, input) => {
    expect(isAddress(input)).toBe(false);
    expect(parseAddress(input)).toBeNull();
    expect(() => toRubyAddress(input)).toThrow(AddressError);
    expect(() => toHexAddress(input)).toThrow(AddressError);
  });
  it('compares across forms and cases', () => {
    expect(sameAddress(ruby.toLowerCase(), checksummed)).toBe(true);
    expect(sameAddress(ruby, `0x${'0'.repeat(40)}`)).toBe(false);
    expect(sameAddress('nope', 'nope')).toBe(false);
  });
  it('null for absent addresses', () => {
    expect(toRubyAddressOrNull(null)).toBeNull();
    expect(toRubyAddressOrNull('')).toBeNull();
    expect(toRubyAddressOrNull(lower)).toBe(ruby);
  });

  it('checksums as ethers getAddress does (1,000 random addresses and the all-letter ones)', () => {
    const inputs = [
      ...Array.from({ length: 1000 }, () => `0x${randomBytes(20).toString('hex')}`),
      `0x${'a'.repeat(40)}`,
      `0x${'f'.repeat(40)}`,
    ];
    for (const a of inputs) expect(toChecksumHexAddress(a)).toBe(getAddress(a));
  });
});
