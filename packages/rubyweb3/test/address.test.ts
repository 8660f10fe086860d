/** The local part of rubyweb3: address forms and checks, keys to addresses, new wallets. */
import { describe, expect, it } from 'vitest';
import { RubyWeb3, RubyWeb3Error, checkaddress, createWallet, getAddressbyprivateKey, toHexAddress, toRubyAddress } from 'rubyweb3';
import { addressChecks } from '../examples/addressChecks';
import { newWallet } from '../examples/createWallet';

// Anvil's first dev account (the public test mnemonic): the address is well known.
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const DEV_HEX = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const DEV_R = 'rf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('addresses', () => {
  it('checkaddress accepts r… and 0x… in any single case and checksummed, rejects the rest', () => {
    for (const ok of [DEV_R, DEV_HEX, DEV_R.toLowerCase(), `0x${DEV_HEX.slice(2).toUpperCase()}`, `r${DEV_HEX.slice(2).toLowerCase()}`]) {
      expect(checkaddress(ok), ok).toBe(true);
    }
    const badChecksum = DEV_R.replace('F', 'f'); // one letter's case flipped: mixed case, wrong checksum
    for (const bad of [
      badChecksum,
      '',
      'r123',
      `${DEV_R}0`,
      DEV_R.replace('f', 'g'),
      `x${DEV_HEX.slice(1)}`,
      'hello',
      `0x${'0'.repeat(39)}`,
    ]) {
      expect(checkaddress(bad), bad).toBe(false);
    }
  });

  it('converts between the forms with EIP-55 casing', () => {
    expect(toRubyAddress(DEV_HEX.toLowerCase())).toBe(DEV_R);
    expect(toHexAddress(DEV_R.toLowerCase())).toBe(DEV_HEX);
    expect(() => toRubyAddress('r12')).toThrow(RubyWeb3Error);
  });

  it('getAddressbyprivateKey gives the r… address of a key, with or without 0x', () => {
    expect(getAddressbyprivateKey(DEV_KEY)).toBe(DEV_R);
    expect(getAddressbyprivateKey(DEV_KEY.slice(2))).toBe(DEV_R);
    for (const bad of ['', '0x12', `0x${'0'.repeat(64)}`, `0x${'g'.repeat(64)}`]) {
      let err: unknown;
      try {
        getAddressbyprivateKey(bad);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(RubyWeb3Error);
      expect((err as RubyWeb3Error).code).toBe('INVALID_PRIVATE_KEY');
      // A key must never be echoed back in an error message.
      if (bad.length > 10) expect((err as Error).message).not.toContain(bad.slice(2, 20));
    }
  });

  it('createWallet makes a fresh key whose address matches it', () => {
    const a = createWallet();
    const b = createWallet();
    expect(a.privateKey).not.toBe(b.privateKey);
    expect(checkaddress(a.address)).toBe(true);
    expect(a.address.startsWith('r')).toBe(true);
    expect(getAddressbyprivateKey(a.privateKey)).toBe(a.address);
    expect(a.mnemonic.split(' ')).toHaveLength(12);
  });

  it('the docs examples: a new wallet and the address checks', () => {
    const w = newWallet();
    expect(getAddressbyprivateKey(w.privateKey)).toBe(w.address);
    expect(addressChecks(DEV_KEY, DEV_R)).toEqual({ mine: DEV_R, valid: true });
    expect(addressChecks(DEV_KEY, 'r1234')).toEqual({ mine: DEV_R, valid: false });
  });

  it('the client refuses missing URLs', () => {
    expect(() => new RubyWeb3({} as never)).toThrow(RubyWeb3Error);
  });
});
