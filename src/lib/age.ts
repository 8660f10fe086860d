/**
 * Relative ages (docs/decisions.md#spec-states, #spec-limits): seconds under 60, minutes under 3600, hours under
 * 86400, then days; always whole units rounded down, as the spec's 'Ns ago' / 'Nm ago' read.
 */
import { AGE } from '../../common/spec';
import { defineTexts } from './i18n';

/** The spec's 'Ns ago' … 'Nd ago' (Hindi: '8 सेकंड पहले'). */
export const AGE_TEXTS = defineTexts('lib.age', {
  seconds: (n: number) => `${n}s ago`,
  minutes: (n: number) => `${n}m ago`,
  hours: (n: number) => `${n}h ago`,
  days: (n: number) => `${n}d ago`,
} as const);

/** A block time as the API gives it: epoch seconds, epoch milliseconds, ISO string or Date. */
export type TimeInput = number | string | Date | null | undefined;

// Epoch seconds stay below this until the year 5138; anything larger is milliseconds.
const MS_THRESHOLD = 1e11;

/** Epoch seconds of a time input, or null when it cannot be read. */
export function toEpochSeconds(t: TimeInput): number | null {
  if (t === null || t === undefined || t === '') return null;
  if (t instanceof Date) {
    const ms = t.getTime();
    return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
  }
  const n = typeof t === 'number' ? t : /^\s*-?\d+(\.\d+)?\s*$/.test(t) ? Number(t) : Number.NaN;
  if (Number.isFinite(n)) return Math.floor(Math.abs(n) >= MS_THRESHOLD ? n / 1000 : n);
  if (typeof t !== 'string') return null;
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

/** 'Ns ago' … 'Nd ago' for an elapsed number of seconds; a future time (clock skew) reads '0s ago'. */
export function formatAgeSeconds(elapsed: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(elapsed) ? elapsed : 0));
  if (s < AGE.minute) return AGE_TEXTS.seconds(s);
  if (s < AGE.hour) return AGE_TEXTS.minutes(Math.floor(s / AGE.minute));
  if (s < AGE.day) return AGE_TEXTS.hours(Math.floor(s / AGE.hour));
  return AGE_TEXTS.days(Math.floor(s / AGE.day));
}

/** Relative age of `time` at `nowSeconds` (epoch seconds), or null when the time is unreadable. */
export function formatAge(time: TimeInput, nowSeconds: number): string | null {
  const t = toEpochSeconds(time);
  return t === null ? null : formatAgeSeconds(nowSeconds - t);
}
