/**
 * Ruby addresses: `r` + 40 hex digits where Ethereum writes `0x`. Every function here accepts
 * both forms in any case; results are `r…` in EIP-55 checksum casing.
 */
import { Wallet, getAddress } from 'ethers';
import { RubyWeb3Error } from './errors.js';

const HEX40 = /^[0-9a-fA-F]{40}$/;

/** The 40 hex digits of an `r…` or `0x…` address, or null. */
function digits(address: string): string | null {
  if (typeof address !== 'string') return null;
  const s = address.trim();
  let rest: string;
  if (s.length === 41 && (s[0] === 'r' || s[0] === 'R')) rest = s.slice(1);
  else if (s.length === 42 && (s.startsWith('0x') || s.startsWith('0X'))) rest = s.slice(2);
  else return null;
  return HEX40.test(rest) ? rest : null;
}

/**
 * True when `address` is a valid Ruby (`r…`) or Ethereum (`0x…`) address. Mixed-case input must
 * carry a correct EIP-55 checksum (a typo in a checksummed address is caught); all-lowercase or
 * all-uppercase digits are accepted as they are.
 */
export function checkaddress(address: string): boolean {
  const d = digits(address);
  if (d === null) return false;
  const mixed = d !== d.toLowerCase() && d !== d.toUpperCase();
  if (!mixed) return true;
  try {
    return getAddress(`0x${d.toLowerCase()}`).slice(2) === d;
  } catch {
    return false;
  }
}

/** `0x…` checksummed form, for JSON-RPC and ethers. Throws RubyWeb3Error on an invalid address. */
export function toHexAddress(address: string): string {
  if (!checkaddress(address)) throw new RubyWeb3Error(`Invalid address: ${String(address).slice(0, 60)}`, 'INVALID_ADDRESS');
  return getAddress(`0x${digits(address)!.toLowerCase()}`);
}

/** `r…` checksummed form. Throws RubyWeb3Error on an invalid address. */
export function toRubyAddress(address: string): string {
  return `r${toHexAddress(address).slice(2)}`;
}

/** The `r…` address of a private key (0x + 64 hex digits, or 64 hex digits). */
export function getAddressbyprivateKey(privateKey: string): string {
  return toRubyAddress(walletFor(privateKey).address);
}

/** An ethers Wallet for a private key; RubyWeb3Error (never echoing the key) when it is not one. */
export function walletFor(privateKey: string): Wallet {
  const key = typeof privateKey === 'string' ? privateKey.trim() : '';
  const hex = key.startsWith('0x') || key.startsWith('0X') ? key.slice(2) : key;
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new RubyWeb3Error('Invalid private key: expected 64 hex digits', 'INVALID_PRIVATE_KEY');
  try {
    return new Wallet(`0x${hex}`);
  } catch {
    throw new RubyWeb3Error('Invalid private key: out of range', 'INVALID_PRIVATE_KEY');
  }
}

export interface NewWallet {
  /** `r…` address. */
  address: string;
  /** 0x + 64 hex digits. Keep it secret: whoever has it controls the funds. */
  privateKey: string;
  /** The 12-word recovery phrase of the key. */
  mnemonic: string;
}

/** A new random wallet, created locally: the key never leaves this process. */
export function createWallet(): NewWallet {
  const w = Wallet.createRandom();
  return { address: toRubyAddress(w.address), privateKey: w.privateKey, mnemonic: w.mnemonic?.phrase ?? '' };
}
