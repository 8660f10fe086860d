/**
 * Formatting for the transaction and block detail pages: exact (bigint) arithmetic on the wei and
 * gas strings the API sends, never floats.
 */
import { DECIMALS, NO_VALUE } from '../../common/spec';
import { formatWei } from './amount';

const INT = /^\d+$/;

/** A token or coin amount in base units → 6 decimals (the transaction detail format). */
export function formatDetailUnits(units: string | null | undefined, decimals: number = DECIMALS.weiDecimals): string {
  if (units === null || units === undefined || !INT.test(units)) return NO_VALUE;
  return formatWei(units, { unitDecimals: decimals, places: DECIMALS.detail, trim: false });
}

/** Wei per gas → Gwei, up to 9 decimals trimmed ('1.5'). */
export function formatGwei(wei: string | null | undefined): string {
  if (wei === null || wei === undefined || !INT.test(wei)) return NO_VALUE;
  return formatWei(wei, { unitDecimals: 9, places: 9, trim: true });
}

/** Share of `part` in `whole` as a percentage with 2 decimals ('45.67%'); '—' when unknown. */
export function percentOf(part: string | null | undefined, whole: string | null | undefined): string {
  if (!part || !whole || !INT.test(part) || !INT.test(whole)) return NO_VALUE;
  const w = BigInt(whole);
  if (w === 0n) return NO_VALUE;
  // Two decimals, rounded half up: (part × 10000 × 2 + whole) / (2 × whole).
  const hundredths = (BigInt(part) * 20000n + w) / (2n * w);
  const s = hundredths.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}%`;
}

/** An integer string with thousands separators ('30000000' → '30,000,000'). */
export function groupDigits(n: string | number | null | undefined): string {
  if (n === null || n === undefined) return NO_VALUE;
  const s = String(n);
  if (!INT.test(s)) return s === '' ? NO_VALUE : s;
  return s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Block time as a fixed UTC date ('Nov-03-2026 12:00:05 UTC'), independent of the viewer's locale. */
export function formatUtcDate(epochSeconds: number | null | undefined): string {
  if (epochSeconds === null || epochSeconds === undefined || !Number.isFinite(epochSeconds)) return NO_VALUE;
  const d = new Date(epochSeconds * 1000);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (v: number) => String(v).padStart(2, '0');
  return `${months[d.getUTCMonth()]}-${two(d.getUTCDate())}-${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC`;
}
