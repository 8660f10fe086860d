import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchWhenSettled } from '../../../src/lib/prefetchWhenSettled';

describe('prefetchWhenSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the load event and the delay, then runs once', () => {
    const prefetch = vi.fn();
    // jsdom has loaded the document by now: the delay starts at once.
    expect(document.readyState).toBe('complete');
    const cancel = prefetchWhenSettled(prefetch, 2_000);
    vi.advanceTimersByTime(1_999);
    expect(prefetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_001); // the delay, then the idle callback (or at once without one)
    expect(prefetch).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k' }));
    expect(prefetch).toHaveBeenCalledTimes(1);
    cancel();
  });

  it('runs at once on the first key or pointer press', () => {
    const prefetch = vi.fn();
    const cancel = prefetchWhenSettled(prefetch, 2_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '/' }));
    expect(prefetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    window.dispatchEvent(new Event('pointerdown'));
    expect(prefetch).toHaveBeenCalledTimes(1);
    cancel();
  });

  it('never runs once cancelled', () => {
    const prefetch = vi.fn();
    prefetchWhenSettled(prefetch, 2_000)();
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(10_000);
    expect(prefetch).not.toHaveBeenCalled();
  });
});
