/**
 * Token amounts from exact base units (the API's `*Wei` strings) with the token's own decimals:
 * 5 decimals, trailing zeros trimmed, as every list amount (docs/decisions.md#spec-validation).
 */
import { NO_VALUE } from '../../common/spec';
import { formatWei } from './amount';

export interface TokenAmountOptions {
  /** Thousands separators (total supply). */
  group?: boolean;
  /** Appended after a space when present ('12.5 RBT'). */
  symbol?: string | null;
}

export function formatTokenAmount(
  baseUnits: string | null | undefined,
  decimals: number | null | undefined,
  { group = false, symbol }: TokenAmountOptions = {},
): string {
  const d = typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 ? decimals : 18;
  const text = formatWei(baseUnits, { unitDecimals: d, places: 5, trim: true, group });
  if (text === NO_VALUE || !symbol) return text;
  return `${text} ${symbol}`;
}

/** 'Name (SYM)', the name alone, the symbol alone, or null when the token has neither. */
export function tokenLabel(name: string | null | undefined, symbol: string | null | undefined): string | null {
  const n = name?.trim() || null;
  const s = symbol?.trim() || null;
  if (n && s) return `${n} (${s})`;
  return n ?? s;
}
