import { describe, expect, it } from 'vitest';
import { countdownAt, countdownParts, countdownTarget, ZERO_COUNTDOWN } from '../../../src/lib/countdown';

describe('countdown to 29 December', () => {
  it('targets 29 December 00:00 local time of the current year', () => {
    const t = countdownTarget(new Date(2026, 2, 15, 12, 0, 0));
    expect([t.getFullYear(), t.getMonth(), t.getDate(), t.getHours(), t.getMinutes()]).toEqual([2026, 11, 29, 0, 0]);
  });

  it('splits the remaining time into days, hours, minutes, seconds', () => {
    const target = new Date(2026, 11, 29).getTime();
    const now = target - ((3 * 86400 + 4 * 3600 + 5 * 60 + 6) * 1000 + 400);
    expect(countdownParts(now, target)).toEqual({ days: 3, hours: 4, minutes: 5, seconds: 6 });
  });

  it('counts one second at the last second', () => {
    const target = new Date(2026, 11, 29).getTime();
    expect(countdownParts(target - 1000, target)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });

  it('is zero at and after the target, for the rest of the year', () => {
    expect(countdownAt(new Date(2026, 11, 29, 0, 0, 0).getTime())).toEqual(ZERO_COUNTDOWN);
    expect(countdownAt(new Date(2026, 11, 30, 8, 0, 0).getTime())).toEqual(ZERO_COUNTDOWN);
    expect(countdownAt(new Date(2026, 11, 31, 23, 59, 59).getTime())).toEqual(ZERO_COUNTDOWN);
  });

  it('starts over on 1 January', () => {
    const c = countdownAt(new Date(2027, 0, 1, 0, 0, 0).getTime());
    expect(c.days).toBeGreaterThanOrEqual(361);
  });

  it('is zero for unreadable times', () => {
    expect(countdownParts(Number.NaN, 0)).toEqual(ZERO_COUNTDOWN);
  });
});
