/**
 * Exact decimal arithmetic on bigint: a value is `units / 10^scale`. Amounts never pass through a
 * float (docs/architecture.md#conventions, 9); JSON numbers are read through their shortest decimal spelling.
 */
import { currentLocale, type Locale } from './i18n/locale';

export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Parses '12.5', '-0.001', '1e-7', '.5', 12.5 or a bigint (an integer, scale 0); null if not a number. */
export function parseDecimal(input: string | number | bigint): Decimal | null {
  if (typeof input === 'bigint') return { units: input, scale: 0 };
  if (typeof input === 'number' && !Number.isFinite(input)) return null;
  const m = DECIMAL_RE.exec(String(input).trim());
  if (!m) return null;
  const [, sign = '', intPart = '', fracPart = '', expPart] = m;
  if (intPart === '' && fracPart === '') return null;
  const exp = expPart === undefined ? 0 : Number(expPart);
  // Guard against absurd exponents ('1e999999') that would build giant strings.
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 400) return null;
  let digits = BigInt(`${intPart}${fracPart}` || '0');
  if (sign === '-') digits = -digits;
  let scale = fracPart.length - exp;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: digits, scale };
}

/** An integer wei amount (bigint or integer string) as a Decimal with `decimals` places. */
export function fromWei(wei: bigint | string, decimals = 18): Decimal | null {
  if (typeof wei === 'string') {
    if (!/^-?\d+$/.test(wei.trim())) return null;
    return { units: BigInt(wei.trim()), scale: decimals };
  }
  return { units: wei, scale: decimals };
}

/** Rounds half away from zero to `places` decimals (fewer places are kept as they are). */
export function roundDecimal(d: Decimal, places: number): Decimal {
  if (d.scale <= places) return d;
  const divisor = 10n ** BigInt(d.scale - places);
  const neg = d.units < 0n;
  const abs = neg ? -d.units : d.units;
  let q = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) q += 1n;
  return { units: neg ? -q : q, scale: places };
}

/** Multiplies by an integer factor (rupee conversion); exact. */
export function multiplyDecimal(d: Decimal, factor: bigint): Decimal {
  return { units: d.units * factor, scale: d.scale };
}

export interface ToStringOptions {
  /** Exactly this many decimals (pads with zeros). Without it, the value's own scale. */
  fixed?: number;
  /** Drop trailing fractional zeros (and a bare '.'). */
  trim?: boolean;
  /** Group the integer part with ',': in thousands (1,000,000), the Indian way in Hindi (10,00,000). */
  group?: boolean;
}

/** Digits of an integer part grouped for the active language: 1,000,000 in English, 10,00,000 (hi-IN) in Hindi. */
export function groupDigits(digits: string, locale: Locale = currentLocale()): string {
  if (locale === 'hi') {
    // The last three digits, then pairs: 1,00,000.
    if (digits.length <= 3) return digits;
    const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
    return `${head},${digits.slice(-3)}`;
  }
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function decimalToString(d: Decimal, opts: ToStringOptions = {}): string {
  let v = d;
  if (opts.fixed !== undefined) {
    v = roundDecimal(v, opts.fixed);
    if (v.scale < opts.fixed) v = { units: v.units * 10n ** BigInt(opts.fixed - v.scale), scale: opts.fixed };
  }
  const neg = v.units < 0n;
  const abs = (neg ? -v.units : v.units).toString().padStart(v.scale + 1, '0');
  let intPart = abs.slice(0, abs.length - v.scale);
  let frac = abs.slice(abs.length - v.scale);
  if (opts.trim) frac = frac.replace(/0+$/, '');
  if (opts.group) intPart = groupDigits(intPart);
  const body = frac ? `${intPart}.${frac}` : intPart;
  // Rounding already turned a tiny negative into 0n, so '-0' cannot appear.
  return neg ? `-${body}` : body;
}

export function isZero(d: Decimal): boolean {
  return d.units === 0n;
}
