/**
 * A reverted call's reason in words (src/sections/contract/revertReason.ts): Solidity's panic codes
 * named in the active language (issue #21), a require message and a custom error kept as data.
 */
import { Interface } from 'ethers';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../src/lib/i18n/locale';
import { revertReason } from '../../../../src/sections/contract/revertReason';

const STANDARD = new Interface(['error Error(string message)', 'error Panic(uint256 code)']);
const ABI = [{ type: 'error', name: 'TooMuch', inputs: [{ name: 'asked', type: 'uint256' }] }];
const panic = (code: number) => STANDARD.encodeErrorResult('Panic', [code]);

describe('revertReason', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('names a panic code in English, an unknown one as such', () => {
    expect(revertReason(panic(0x12), [], 'execution reverted')).toBe('Panic 0x12: division or modulo by zero');
    expect(revertReason(panic(0x01), [], 'execution reverted')).toBe('Panic 0x01: assertion failed');
    expect(revertReason(panic(0x99), [], 'execution reverted')).toBe('Panic 0x99: unknown panic code');
  });

  it("shows a node's own words exactly in English when the revert carries no data", () => {
    const geth = 'gas required exceeds allowance: have 0 want 21000';
    expect(revertReason(null, [], geth)).toBe(geth);
  });

  it('names a panic code in Hindi; a require message and a custom error stay as the contract gave them', async () => {
    await setLocale('hi');
    expect(revertReason(panic(0x12), [], 'execution reverted')).toBe('Panic 0x12: शून्य से भाग या मॉड्यूलो');
    expect(revertReason(panic(0x77), [], 'execution reverted')).toBe('Panic 0x77: अज्ञात पैनिक कोड');
    expect(revertReason(STANDARD.encodeErrorResult('Error', ['not the owner']), [], 'execution reverted')).toBe('not the owner');
    expect(revertReason(new Interface(ABI).encodeErrorResult('TooMuch', [500n]), ABI, 'execution reverted')).toBe('TooMuch(asked: 500)');
  });
});
