/**
 * The one number formatter of the SPA (docs/decisions.md#amounts): every amount,
 * count and percentage on screen goes through this file. Rules: thousands grouped with ','
 * (1,000,000); list and wallet amounts 5 decimals with trailing zeros trimmed, fees 5 decimals,
 * transaction detail exact with at least 6 (formatDetailUnits), USD 2, rupees = USD × 87 (docs/decisions.md#spec-limits); the symbol after
 * the number ('1,250.5 RUSD'). Input is a RUBY decimal (string or JSON number) or a bigint /
 * integer string of wei. Exact arithmetic lives in decimal.ts.
 */
import { DECIMALS, NO_VALUE, RUPEE_PER_USD } from '../../common/spec';
import { decimalToString, fromWei, isZero, multiplyDecimal, parseDecimal, roundDecimal, type Decimal } from './decimal';

/** A RUBY decimal ('1.5', 1.5) or, as a bigint, an amount of wei. */
export type AmountInput = string | number | bigint | null | undefined;

export interface AmountOptions {
  /** Decimal places (default 5). */
  places?: number;
  /** Trim trailing zeros (default true); false pads to exactly `places`. */
  trim?: boolean;
  /** Thousands separators in the integer part (default true: one look for every number). */
  group?: boolean;
  /** Decimals of a bigint input (default 18, RUBY's wei). */
  unitDecimals?: number;
}

function toDecimal(value: AmountInput, unitDecimals: number): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return fromWei(value, unitDecimals);
  return parseDecimal(value);
}

/**
 * Rounds half away from zero. A non-zero value too small for `places` reads '<0.00001' rather
 * than '0', so a paid fee never looks free.
 */
export function formatAmount(value: AmountInput, opts: AmountOptions = {}): string {
  const { places = DECIMALS.list, trim = true, group = true, unitDecimals = DECIMALS.weiDecimals } = opts;
  const d = toDecimal(value, unitDecimals);
  if (d === null) return NO_VALUE;
  const rounded = roundDecimal(d, places);
  if (isZero(rounded) && !isZero(d)) {
    const smallest = decimalToString({ units: 1n, scale: places });
    return d.units > 0n ? `<${smallest}` : `>-${smallest}`;
  }
  return decimalToString(rounded, trim ? { trim: true, group } : { fixed: places, group });
}

/** Wei (bigint or integer string) → RUBY, 5 decimals trimmed unless told otherwise. */
export function formatWei(wei: bigint | string | null | undefined, opts: AmountOptions = {}): string {
  if (wei === null || wei === undefined) return NO_VALUE;
  const d = fromWei(wei, opts.unitDecimals ?? DECIMALS.weiDecimals);
  if (d === null) return NO_VALUE;
  return formatAmount(decimalToString(d), { ...opts, unitDecimals: undefined });
}

/** Exact wei → RUBY decimal string with no rounding ('1000000000000000000' → '1'). */
export function weiToRuby(wei: bigint | string, unitDecimals: number = DECIMALS.weiDecimals): string | null {
  const d = fromWei(wei, unitDecimals);
  return d === null ? null : decimalToString(d, { trim: true });
}

/** Fee: exactly 5 decimals ('0.00021'). */
export function formatFee(value: AmountInput): string {
  return formatAmount(value, { places: DECIMALS.fee, trim: false });
}

/** Transaction detail amounts: exactly 6 decimals. */
export function formatDetailAmount(value: AmountInput): string {
  return formatAmount(value, { places: DECIMALS.detail, trim: false });
}

/** US dollars: exactly 2 decimals, grouped ('1,234.50'). */
export function formatUsd(value: AmountInput): string {
  return formatAmount(value, { places: DECIMALS.usd, trim: false, group: true });
}

/** Indian rupees from a USD amount: × 87 exactly, then 2 decimals. */
export function formatInrFromUsd(usd: AmountInput): string {
  if (usd === null || usd === undefined || typeof usd === 'bigint') return NO_VALUE;
  const d = parseDecimal(usd);
  if (d === null) return NO_VALUE;
  return formatUsd(decimalToString(multiplyDecimal(d, BigInt(RUPEE_PER_USD))));
}

function product(amount: AmountInput, priceUsd: AmountInput): Decimal | null {
  const a = toDecimal(amount, DECIMALS.weiDecimals);
  const p = toDecimal(priceUsd, DECIMALS.weiDecimals);
  if (a === null || p === null) return null;
  return { units: a.units * p.units, scale: a.scale + p.scale };
}

/** USD value of a RUBY amount (decimal or bigint wei) at a USD price, 2 decimals. */
export function formatUsdValue(amount: AmountInput, priceUsd: AmountInput): string {
  const v = product(amount, priceUsd);
  return v === null ? NO_VALUE : formatUsd(decimalToString(v));
}

/** Rupee value of a RUBY amount at a USD price: amount × price × 87, 2 decimals. */
export function formatInrValue(amount: AmountInput, priceUsd: AmountInput): string {
  const v = product(amount, priceUsd);
  return v === null ? NO_VALUE : formatUsd(decimalToString(multiplyDecimal(v, BigInt(RUPEE_PER_USD))));
}

// ---------------------------------------------------------------------------------------------
// Token amounts, counts, percentages, gas prices (were tokenAmount.ts, percentage.ts, detailFormat.ts)

const INT = /^\d+$/;

export interface TokenAmountOptions {
  /** Appended after a space when present ('12.5 RBT'). */
  symbol?: string | null;
  /** Decimal places (default 5, trimmed: the list format). */
  places?: number;
  /** Trim trailing zeros (default true). */
  trim?: boolean;
}

/** Token amount from exact base units (the API's `*Wei` strings) with the token's own decimals. */
export function formatTokenAmount(
  baseUnits: string | null | undefined,
  decimals: number | null | undefined,
  { symbol, places = DECIMALS.list, trim = true }: TokenAmountOptions = {},
): string {
  const d = typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 ? decimals : DECIMALS.weiDecimals;
  const text = formatWei(baseUnits, { unitDecimals: d, places, trim });
  if (text === NO_VALUE || !symbol) return text;
  return `${text} ${symbol}`;
}

/**
 * A token or coin amount in base units, exactly (the transaction detail format):
 * every significant digit kept, padded to the spec's 6 decimals when it has fewer ('1.500000',
 * '0.000034584554761875'); zero reads '0'. On the detail page the value is the point, so it is
 * never rounded (a fee of 0.000034584554761875 once read '0.000035', 1.2 % off).
 */
export function formatDetailUnits(units: string | null | undefined, decimals: number = DECIMALS.weiDecimals): string {
  if (units === null || units === undefined || !INT.test(units)) return NO_VALUE;
  const d = fromWei(units, decimals);
  if (d === null) return NO_VALUE;
  if (isZero(d)) return '0';
  const exact = decimalToString(d, { trim: true, group: true });
  const frac = exact.split('.')[1]?.length ?? 0;
  return frac >= DECIMALS.detail ? exact : decimalToString(d, { fixed: DECIMALS.detail, group: true });
}

/** Wei per gas → Gwei, up to 9 decimals trimmed ('1.5'). */
export function formatGwei(wei: string | null | undefined): string {
  if (wei === null || wei === undefined || !INT.test(wei)) return NO_VALUE;
  return formatWei(wei, { unitDecimals: 9, places: 9, trim: true });
}

/** A count or an integer string with thousands separators ('30000000' → '30,000,000'); '—' when absent. */
export function formatCount(n: string | number | bigint | null | undefined): string {
  if (n === null || n === undefined) return NO_VALUE;
  if (typeof n === 'number') return Number.isFinite(n) ? formatAmount(Math.trunc(n), { places: 0 }) : NO_VALUE;
  const s = String(n);
  if (!/^-?\d+$/.test(s)) return s === '' ? NO_VALUE : s;
  return formatAmount(s, { places: 0 });
}

/** Percentages of a supply (top accounts, token holders): '1.2345%', '<0.0001%' for a tiny non-zero share, '0%' for none. */
export function formatPercentage(value: number, places = 4): string {
  return `${formatAmount(value, { places, trim: true })}%`;
}

/** Share of `part` in `whole` as a percentage with 2 decimals ('45.67%'); '—' when unknown. */
export function percentOf(part: string | null | undefined, whole: string | null | undefined): string {
  if (!part || !whole || !INT.test(part) || !INT.test(whole)) return NO_VALUE;
  const w = BigInt(whole);
  if (w === 0n) return NO_VALUE;
  // Two decimals, rounded half up: (part × 10000 × 2 + whole) / (2 × whole).
  const hundredths = (BigInt(part) * 20000n + w) / (2n * w);
  return `${decimalToString({ units: hundredths, scale: 2 }, { fixed: 2, group: true })}%`;
}
