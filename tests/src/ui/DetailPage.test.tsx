/** DetailPage and DetailFailure, the frame of the address, token and contract pages. */
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DetailFailure, DetailPage } from '../../../src/ui/DetailPage';
import { RETRY_TEXT } from '../../../src/ui/RetryButton';
import { renderWithProviders } from '../utils/renderWithProviders';
import { ADDR, ADDR_LOWER_0X, OTHER } from '../features/addresses/fixtures';

function Counter({ address }: { address: string }) {
  const [n, setN] = useState(0);
  return <button type="button" onClick={() => setN(n + 1)}>{`${address} ${n}`}</button>;
}

const INVALID_ADDRESS = 'Invalid address';
const TEXTS = { notFound: 'Token not found', invalid: 'Invalid token address', loadFailed: 'The token could not be loaded' };

describe('DetailPage', () => {
  it('gives the view the trimmed address under the title', () => {
    renderWithProviders(
      <DetailPage title="Token" address={`  ${ADDR_LOWER_0X} `} invalid={INVALID_ADDRESS}>
        {(a) => <p>{`view of ${a}`}</p>}
      </DetailPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Token' })).toBeInTheDocument();
    expect(screen.getByText(`view of ${ADDR_LOWER_0X}`)).toBeInTheDocument();
  });

  it('a malformed address gets the page’s message and no view', () => {
    const view = vi.fn(() => <p>view</p>);
    const { unmount } = renderWithProviders(
      <DetailPage title="Token" address="0x123" invalid="Invalid token address">
        {view}
      </DetailPage>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid token address');
    expect(screen.getByText('0x123')).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <DetailPage title="Address" address="nope" invalid={INVALID_ADDRESS}>
        {view}
      </DetailPage>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_ADDRESS);
    expect(view).not.toHaveBeenCalled();
  });

  it('another address gets a fresh view; the same address in another case keeps it', () => {
    function Harness() {
      const [address, setAddress] = useState(ADDR);
      return (
        <>
          <button type="button" onClick={() => setAddress(ADDR_LOWER_0X.replace(/^0x/, 'R'))}>
            same
          </button>
          <button type="button" onClick={() => setAddress(OTHER)}>
            other
          </button>
          <DetailPage title="Address" address={address} invalid={INVALID_ADDRESS}>
            {(a) => <Counter address={a} />}
          </DetailPage>
        </>
      );
    }
    renderWithProviders(<Harness />);
    const counter = () => screen.getByRole('button', { name: /^r/i });
    fireEvent.click(counter());
    expect(counter()).toHaveTextContent(`${ADDR} 1`);
    fireEvent.click(screen.getByRole('button', { name: 'same' }));
    expect(counter()).toHaveTextContent(/ 1$/);
    fireEvent.click(screen.getByRole('button', { name: 'other' }));
    expect(counter()).toHaveTextContent(`${OTHER} 0`);
  });
});

describe('DetailFailure', () => {
  it('404 → not found, 400 → invalid, anything else → load error with Retry', () => {
    const onRetry = vi.fn();
    const { rerender } = renderWithProviders(
      <DetailFailure address={ADDR} error={{ status: 404, message: 'x' }} texts={TEXTS} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Token not found');
    rerender(<DetailFailure address={ADDR} error={{ status: 400, message: 'x' }} texts={TEXTS} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid token address');
    rerender(<DetailFailure address={ADDR} error={{ status: 'FETCH_ERROR', message: 'x' }} texts={TEXTS} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The token could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: RETRY_TEXT }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('without a not-found text (the address page) a 404 is a load error', () => {
    renderWithProviders(
      <DetailFailure
        address={ADDR}
        error={{ status: 404, message: 'x' }}
        texts={{ invalid: INVALID_ADDRESS, loadFailed: 'The address could not be loaded' }}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The address could not be loaded');
  });
});
