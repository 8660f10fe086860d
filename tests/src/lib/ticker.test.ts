import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTicker } from '../../../src/lib/ticker';

describe('shared ticker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('runs one interval for any number of listeners, only while listened to', () => {
    const ticker = createTicker();
    const calls = [vi.fn(), vi.fn(), vi.fn()];
    const offs = calls.map((c) => ticker.subscribe(c));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1000);
    for (const c of calls) expect(c).toHaveBeenCalledTimes(1);
    expect(ticker.nowSeconds()).toBe(Date.parse('2026-01-01T00:00:01Z') / 1000);
    for (const off of offs) off();
    expect(vi.getTimerCount()).toBe(0);
    expect(ticker.size()).toBe(0);
  });

  it('keeps the snapshot stable between ticks', () => {
    const ticker = createTicker();
    const off = ticker.subscribe(() => {});
    const a = ticker.nowSeconds();
    vi.advanceTimersByTime(400);
    expect(ticker.nowSeconds()).toBe(a);
    off();
  });

  it('reads the clock directly when idle', () => {
    const ticker = createTicker();
    vi.advanceTimersByTime(5000);
    expect(ticker.nowSeconds()).toBe(Date.parse('2026-01-01T00:00:05Z') / 1000);
  });
});
