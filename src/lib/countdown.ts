/**
 * The header banner's countdown to 29 December of the current year (local time, midnight).
 * Once that moment has passed it stays at zero until the year ends (the spec: 'zero once passed').
 */
import { COUNTDOWN } from '../../common/spec';

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export const ZERO_COUNTDOWN: Countdown = { days: 0, hours: 0, minutes: 0, seconds: 0 };

/** 29 December 00:00:00 local time of `now`'s year. */
export function countdownTarget(now: Date): Date {
  return new Date(now.getFullYear(), COUNTDOWN.month, COUNTDOWN.day, 0, 0, 0, 0);
}

/** Whole days, hours, minutes, seconds from `nowMs` to `targetMs`; zeros once passed. */
export function countdownParts(nowMs: number, targetMs: number): Countdown {
  const total = Math.floor((targetMs - nowMs) / 1000);
  if (!Number.isFinite(total) || total <= 0) return ZERO_COUNTDOWN;
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** The countdown shown at `nowMs`. */
export function countdownAt(nowMs: number): Countdown {
  return countdownParts(nowMs, countdownTarget(new Date(nowMs)).getTime());
}
