/**
 * The Send dialog's amount, checked before anything is signed: its spelling (plain digits and
 * one dot, at most the token's decimals) and, against the balance the dialog shows, whether it can be paid (the coin:
 * amount + the network fee estimate). Pure and synchronous: the send machine's guards call it.
 */
import { COIN_SYMBOL } from '../../common/spec';
import { decimalToString, fromWei } from './decimal';
import { SEND_TEXTS, WALLET_FORM_TEXTS } from './walletTexts';

/** The largest amount a transfer can carry (uint256). */
const MAX_UINT256 = (1n << 256n) - 1n;

/** What the dialog shows and the check needs: the spendable balance in base units, and for the coin the fee estimate. */
export interface SendFunds {
  /** Base units (wei for the coin) of what is sent, as the dialog shows them. */
  balanceWei: string;
  decimals: number;
  symbol: string;
  /** The network fee estimate in wei (gas limit × max fee per gas), once known. */
  feeWei?: string | null;
  /** A token send pays the fee in the coin: the coin balance in wei, when known. */
  coinBalanceWei?: string | null;
  coinSymbol?: string;
}

/** Base units as an exact decimal, grouped: 10000000000000000000 with 18 decimals → '10'. */
export function exactAmount(units: bigint, decimals: number): string {
  const d = fromWei(units, decimals);
  return d === null ? '' : decimalToString(d, { trim: true, group: true });
}

const digitsOnly = (s: string) => /^\d+$/.test(s);
const big = (s: string | null | undefined): bigint | null => (s !== null && s !== undefined && digitsOnly(s) ? BigInt(s) : null);

/** The amount in base units, or the plain words of what is wrong with its spelling. */
export function parseSendAmount(input: string, decimals: number, symbol: string): { units: bigint } | { problem: string } {
  const s = input.trim();
  if (s === '') return { problem: WALLET_FORM_TEXTS.amountRequired };
  if (/^-\s*[\d.]/.test(s)) return { problem: SEND_TEXTS.amountNegative };
  if (/^\d*\.?\d*e[+-]?\d+$/i.test(s)) return { problem: SEND_TEXTS.amountExponent };
  if (/^[\d.,\s]+$/.test(s) && s.includes(',')) {
    // '0,5' → 0.5; '1,000' → 1000; '1,000,5' has no single reading: only the decimal spelling is suggested.
    const parts = s.split(',');
    const grouping = parts.length > 1 && parts.slice(1).every((p) => /^\d{3}(\.\d*)?$/.test(p)) && !s.includes(' ');
    const suggestion = grouping ? s.replace(/,/g, '') : parts.length === 2 && !s.includes('.') ? s.replace(',', '.') : '12.5';
    return { problem: SEND_TEXTS.amountComma({ suggestion }) };
  }
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || `${m[1] ?? ''}${m[2] ?? ''}` === '') return { problem: WALLET_FORM_TEXTS.amountNumeric };
  const whole = m[1] ?? '';
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) {
    return {
      problem:
        decimals === 0 ? SEND_TEXTS.amountWhole({ symbol }) : SEND_TEXTS.amountTooManyDecimals({ symbol, decimals: String(decimals) }),
    };
  }
  const units = BigInt(`${whole || '0'}${frac.padEnd(decimals, '0')}` || '0');
  if (units === 0n) return { problem: WALLET_FORM_TEXTS.amountNumeric };
  if (units > MAX_UINT256) return { problem: SEND_TEXTS.amountTooLarge };
  return { units };
}

/**
 * Whether the balance shown pays for `units`: the coin's amount plus the fee estimate (when known) within the balance;
 * a token's amount within its balance, and the fee within the coin balance (when both are known). Null: it does.
 */
export function fundsProblem(units: bigint, funds: SendFunds, kind: 'coin' | 'token'): string | null {
  const balance = big(funds.balanceWei);
  if (balance === null) return null;
  const fee = big(funds.feeWei);
  const show = (v: bigint) => exactAmount(v, funds.decimals);
  if (kind === 'coin') {
    if (fee !== null && units + fee > balance) {
      return SEND_TEXTS.notEnoughWithFee({ symbol: funds.symbol, balance: show(balance), needed: show(units + fee), fee: show(fee) });
    }
    if (units > balance) return SEND_TEXTS.notEnough({ symbol: funds.symbol, balance: show(balance), needed: show(units) });
    return null;
  }
  if (units > balance) return SEND_TEXTS.notEnough({ symbol: funds.symbol, balance: show(balance), needed: show(units) });
  const coins = big(funds.coinBalanceWei);
  if (fee !== null && coins !== null && fee > coins) {
    return SEND_TEXTS.notEnoughForFee({
      symbol: funds.coinSymbol ?? COIN_SYMBOL,
      balance: exactAmount(coins, 18),
      fee: exactAmount(fee, 18),
    });
  }
  return null;
}
