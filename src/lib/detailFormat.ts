/** Dates of the transaction and block detail pages (their numbers: amount.ts, the one number formatter). */
import { NO_VALUE } from '../../common/spec';

/** Block time as a fixed UTC date ('Nov-03-2026 12:00:05 UTC'), independent of the viewer's locale. */
export function formatUtcDate(epochSeconds: number | null | undefined): string {
  if (epochSeconds === null || epochSeconds === undefined || !Number.isFinite(epochSeconds)) return NO_VALUE;
  const d = new Date(epochSeconds * 1000);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (v: number) => String(v).padStart(2, '0');
  return `${months[d.getUTCMonth()]}-${two(d.getUTCDate())}-${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC`;
}
