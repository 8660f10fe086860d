import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../../../src/ui/CopyButton';
import { renderWithProviders } from '../utils/renderWithProviders';

// Fake timers and user-event's async wrapper do not mix (it waits on a real setTimeout), so
// these tests click with fireEvent and flush the clipboard promise inside act().
async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('CopyButton and toast', () => {
  let writeText: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => vi.useRealTimers());

  it("copies and shows the home toast 'Copied to clipboard!' for 5000 ms", async () => {
    renderWithProviders(<CopyButton value="0xabc" />);
    await click('Copy');
    expect(writeText).toHaveBeenCalledWith('0xabc');
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard!');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("detail pages: 'copied to clipboard!' cleared after 2000 ms", async () => {
    renderWithProviders(<CopyButton value="rabc" toast="detail" label="Copy address" />);
    await click('Copy address');
    expect(screen.getByRole('status')).toHaveTextContent('copied to clipboard!');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('status')).toHaveTextContent('copied to clipboard!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("API page: 'URL copied to clipboard'", async () => {
    renderWithProviders(
      <CopyButton value="https://x/api" toast="api">
        Base URL
      </CopyButton>,
    );
    await click('Base URL');
    expect(screen.getByRole('status')).toHaveTextContent('URL copied to clipboard');
  });

  it('a second copy replaces the toast and restarts its clock', async () => {
    renderWithProviders(<CopyButton value="a" toast="detail" />);
    await click('Copy');
    act(() => vi.advanceTimersByTime(1500));
    await click('Copy');
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole('status')).toHaveTextContent('copied to clipboard!');
    expect(screen.getAllByText('copied to clipboard!')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('can be dismissed and reports success', async () => {
    const onCopied = vi.fn();
    renderWithProviders(<CopyButton value="a" onCopied={onCopied} />);
    await click('Copy');
    expect(onCopied).toHaveBeenCalledOnce();
    await click('Dismiss');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('falls back to execCommand when the Clipboard API refuses', async () => {
    writeText.mockRejectedValue(new Error('not allowed'));
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    renderWithProviders(<CopyButton value="a" />);
    await click('Copy');
    expect(exec).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard!');
  });

  it('reports a failed copy and shows no toast', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    const onError = vi.fn();
    renderWithProviders(<CopyButton value="a" onError={onError} />);
    await click('Copy');
    expect(onError).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
