import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTicker } from '../../../src/lib/ticker';
import { Age } from '../../../src/ui/Age';
import { TickerContext } from '../../../src/ui/tickerContext';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');

describe('Age with the shared ticker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('renders the spec formats', () => {
    const s = NOW / 1000;
    render(
      <>
        <Age time={s - 5} />
        <Age time={s - 120} />
        <Age time={new Date(NOW - 3 * 3600_000).toISOString()} />
        <Age time={NOW - 2 * 86400_000} />
        <Age time="not a time" />
      </>,
    );
    for (const text of ['5s ago', '2m ago', '3h ago', '2d ago', '—']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('5s ago').tagName).toBe('TIME');
    expect(screen.getByText('5s ago')).toHaveAttribute('datetime', new Date(NOW - 5000).toISOString());
  });

  it('a hundred rows share one timer and all move together every second', () => {
    const s = NOW / 1000;
    render(
      <ul>
        {Array.from({ length: 100 }, (_, i) => (
          <li key={i}>
            <Age time={s - 58} />
          </li>
        ))}
      </ul>,
    );
    expect(vi.getTimerCount()).toBe(1);
    expect(screen.getAllByText('58s ago')).toHaveLength(100);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getAllByText('59s ago')).toHaveLength(100);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getAllByText('1m ago')).toHaveLength(100);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('stops the timer when the last row unmounts', () => {
    const { unmount } = render(<Age time={NOW / 1000} />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads the ticker from context, so a page can supply its own', () => {
    const ticker = createTicker();
    render(
      <TickerContext.Provider value={ticker}>
        <Age time={NOW / 1000 - 10} />
      </TickerContext.Provider>,
    );
    expect(ticker.size()).toBe(1);
    expect(screen.getByText('10s ago')).toBeInTheDocument();
  });
});
