import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_PAGE } from '../../../common/spec';
import { RETRY_TEXT, RetryButton } from '../../../src/ui/RetryButton';

describe('RetryButton', () => {
  it("says the one 'Retry' and asks again on click", () => {
    expect(RETRY_TEXT).toBe('Retry');
    expect(RETRY_TEXT).toBe(ERROR_PAGE.retry);
    const onRetry = vi.fn();
    render(<RetryButton onRetry={onRetry} />);
    const button = screen.getByRole('button', { name: 'Retry' });
    expect(button).toHaveClass('btn', 'btn--small');
    expect(button).toHaveAttribute('type', 'button');
    fireEvent.click(button);
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('is the prominent button on the error page', () => {
    render(<RetryButton onRetry={() => {}} primary />);
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveClass('btn', 'btn--primary');
  });
});
