/**
 * Issue #38 item 9: a transaction opened right after sending. The index does not hold it yet
 * (404), the node has it in its pool: the page shows it as Pending (from, to, value, nonce, gas,
 * its call decoded) and switches to the indexed detail by itself. A hash nobody knows keeps the
 * not-found text, re-checks by itself for a while, then stops and offers Retry.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NodeTransaction } from '../../../../common/api/pending';
import { TransactionPage } from '../../../../src/features/transactions/TransactionPage';
import { TX_ROWS, TX_TEXTS } from '../../../../src/features/transactions/texts';
import { RECHECK_FOR_MS, RECHECK_MS } from '../../../../src/features/transactions/useRecheck';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, mockApi, ok, type ApiMock, type Reply } from '../../../helpers/fetchMock';
import { FROM, HASH, TO, txDetail } from './fixtures';
import { pathMatcher } from '../../../../common/api/paths';

let api: ApiMock | null = null;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  api?.restore();
  api = null;
  vi.useRealTimers();
});

function pendingTx(over: Partial<NodeTransaction> = {}): NodeTransaction {
  return {
    hash: HASH,
    from: FROM,
    to: TO,
    nonce: 41,
    value: 0.25,
    valueWei: '250000000000000000',
    gas: '21000',
    gasPriceWei: '2000000000',
    fee: 0.000042,
    feeWei: '42000000000000',
    input: '0x',
    inputData: null,
    blockNumber: null,
    ...over,
  };
}

function row(label: string): HTMLElement {
  const dt = screen.getAllByText(label, { selector: 'dt' })[0]!;
  return dt.nextElementSibling as HTMLElement;
}

const notIndexed = fail(404, `Transaction ${HASH} not found`);
const detailCalls = () => api!.calls.filter((c) => pathMatcher('txData').test(c)).length;

describe('a transaction the index does not hold yet (issue #38 item 9)', () => {
  it("shows the node's pending transaction, then the mined result by itself", async () => {
    let detail: Reply = notIndexed;
    api = mockApi([
      [pathMatcher('txData'), () => detail],
      [pathMatcher('pendingTxOne'), ok(pendingTx())],
    ]);
    renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
    expect(await screen.findByText(TX_TEXTS.pendingView.pending)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: TX_TEXTS.notFoundTitle })).toBeNull();
    expect(row(TX_ROWS.from)).toHaveTextContent(FROM);
    expect(row(TX_ROWS.to)).toHaveTextContent(TO);
    expect(row(TX_ROWS.value)).toHaveTextContent('0.250000 RUBY');
    expect(row(TX_ROWS.nonce)).toHaveTextContent('41');
    expect(row(TX_ROWS.gas)).toHaveTextContent('21,000');
    // Mined and indexed: the page switches without a reload.
    detail = ok(txDetail());
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS + 100));
    expect(await screen.findByRole('tab', { name: 'Details' })).toBeInTheDocument();
    expect(row(TX_ROWS.status)).toHaveTextContent('Success');
    expect(screen.queryByText(TX_TEXTS.pendingView.pending)).toBeNull();
  });

  it('shows the decoded call of a pending contract call, and the block once mined', async () => {
    let pending = pendingTx({
      input: '0xa9059cbb',
      inputData: { function: 'transfer', signature: 'transfer(address,uint256)', selector: '0xa9059cbb', source: 'standard', args: [] },
    });
    api = mockApi([
      [pathMatcher('txData'), notIndexed],
      [pathMatcher('pendingTxOne'), () => ok(pending)],
    ]);
    renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
    expect(await screen.findByText(TX_TEXTS.pendingView.pending)).toBeInTheDocument();
    expect(row(TX_ROWS.method)).toHaveTextContent('transfer');
    pending = { ...pending, blockNumber: 77 };
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS + 100));
    expect(await screen.findByText(TX_TEXTS.pendingView.indexing(77))).toBeInTheDocument();
  });

  it('a hash nobody knows keeps the not-found text, re-checks by itself, and finds it once indexed', async () => {
    let detail: Reply = notIndexed;
    api = mockApi([
      [pathMatcher('txData'), () => detail],
      [pathMatcher('pendingTxOne'), fail(404, 'not known to the node')],
    ]);
    renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
    expect(await screen.findByRole('heading', { name: TX_TEXTS.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(TX_TEXTS.recheckingHint)).toBeInTheDocument();
    const before = detailCalls();
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS * 2 + 100));
    expect(detailCalls()).toBeGreaterThan(before);
    detail = ok(txDetail());
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS + 100));
    expect(await screen.findByRole('tab', { name: 'Details' })).toBeInTheDocument();
  });

  it('stops re-checking an unknown hash after a while and offers Retry', async () => {
    // Each re-check takes a moment, as over a network: the page must not restart its window (nor
    // flash a skeleton) while one is in flight.
    const slowly = (reply: Reply) => () => new Promise<Reply>((resolve) => setTimeout(() => resolve(reply), 250));
    api = mockApi([
      [pathMatcher('txData'), slowly(notIndexed)],
      [pathMatcher('pendingTxOne'), fail(404, 'not known to the node')],
    ]);
    renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
    expect(await screen.findByRole('heading', { name: TX_TEXTS.notFoundTitle })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_FOR_MS + RECHECK_MS));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText(TX_TEXTS.recheckingHint)).toBeNull();
    expect(screen.getByRole('heading', { name: TX_TEXTS.notFoundTitle })).toBeInTheDocument();
    const stopped = detailCalls();
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS * 3));
    expect(detailCalls()).toBe(stopped);
  });
});
