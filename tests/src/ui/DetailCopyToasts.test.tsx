import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DetailCopyToasts } from '../../../src/ui/DetailCopyToasts';
import { CopyButton } from '../../../src/ui/CopyButton';
import { renderWithProviders } from '../utils/renderWithProviders';

describe('DetailCopyToasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(() => Promise.resolve()) }, configurable: true });
  });
  afterEach(() => vi.useRealTimers());

  it("turns the home copy toast into 'copied to clipboard!' cleared after 2000 ms", async () => {
    renderWithProviders(
      <DetailCopyToasts>
        <CopyButton value="0xabc" />
      </DetailCopyToasts>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('copied to clipboard!');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('status')).toHaveTextContent('copied to clipboard!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('passes other toasts through unchanged', async () => {
    renderWithProviders(
      <DetailCopyToasts>
        <CopyButton value="x" toast="api" label="Copy URL" />
      </DetailCopyToasts>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy URL' }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('URL copied to clipboard');
  });
});
