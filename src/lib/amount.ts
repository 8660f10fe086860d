/**
 * Amount formatting for display (docs/decisions.md#spec-limits): list and wallet amounts 5 decimals with trailing
 * zeros trimmed, fees 5 decimals, transaction detail 6, USD 2, rupees = USD × 87.
 * Input is a RUBY decimal (string or JSON number) or a bigint / integer string of wei.
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
  /** Thousands separators in the integer part (default false: the spec shows plain numbers). */
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
  const { places = DECIMALS.list, trim = true, group = false, unitDecimals = DECIMALS.weiDecimals } = opts;
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
