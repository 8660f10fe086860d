import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountdownBanner } from '../../../../src/app/layout/CountdownBanner';

function values() {
  return ['days', 'hours', 'minutes', 'seconds'].map((u) => screen.getByTestId(`countdown-${u}`).textContent);
}

describe('CountdownBanner', () => {
  afterEach(() => vi.useRealTimers());

  it('counts down to 29 December every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 11, 27, 22, 58, 30));
    render(<CountdownBanner />);
    expect(screen.getByRole('timer')).toBeInTheDocument();
    for (const label of ['Days', 'Hours', 'Minutes', 'Seconds']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(values()).toEqual(['01', '01', '01', '30']);
    act(() => vi.advanceTimersByTime(1000));
    expect(values()).toEqual(['01', '01', '01', '29']);
    act(() => vi.advanceTimersByTime(30_000));
    expect(values()).toEqual(['01', '01', '00', '59']);
  });

  it('shows zeros once the date has passed', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 11, 30, 10, 0, 0));
    render(<CountdownBanner />);
    expect(values()).toEqual(['00', '00', '00', '00']);
  });

  it('reaches zero and stays there', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 11, 28, 23, 59, 58));
    render(<CountdownBanner />);
    expect(values()).toEqual(['00', '00', '00', '02']);
    act(() => vi.advanceTimersByTime(5000));
    expect(values()).toEqual(['00', '00', '00', '00']);
  });
});
