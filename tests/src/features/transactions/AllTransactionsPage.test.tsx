import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AllTransactionsPage } from '../../../../src/features/transactions/AllTransactionsPage';
import { TX_LIST_TEXTS, TX_TEXTS } from '../../../../src/features/transactions/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { FROM, HASH, HASH2, NOW, TO, homeData, listTx } from './fixtures';
import { pathMatcher, paths, rawPath } from '../../../../common/api/paths';

// Role queries over 20-row tables are slow in jsdom on this 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const page = (n: number, totalPages = 3) =>
  ok([listTx(), listTx({ hash: HASH2, blockNumber: 23 - n })], { totalTransactions: totalPages * 20, totalPages, currentPage: n });
const pageOf = (path: string) => Number(/\/getAllTransction\/(\d+)\//.exec(path)?.[1] ?? 0);

function render(path = '/Alltransactions') {
  return renderWithProviders(<AllTransactionsPage />, { path });
}

describe('AllTransactionsPage', () => {
  it("shows the title and 'Loading...' until data arrives", () => {
    api = mockApi([
      [pathMatcher('allTx'), 'pending'],
      [pathMatcher('homeData'), 'pending'],
    ]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Ruby transactions' })).toBeInTheDocument();
    expect(screen.getAllByText('Loading...').length).toBeGreaterThanOrEqual(5);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Validated', 'Pending', 'Blob txns']);
  });

  it('shows the four tiles with real numbers and the first page', async () => {
    api = mockApi([
      [pathMatcher('allTx'), (p) => page(pageOf(p))],
      [pathMatcher('homeData'), ok(homeData({ pendingTransactions: 7 }))],
    ]);
    render();
    const tiles = screen.getByRole('region', { name: TX_TEXTS.tilesLabel });
    expect(await within(tiles).findByText('179')).toBeInTheDocument();
    expect(within(tiles).getByText('Transactions (24h)')).toBeInTheDocument();
    expect(within(tiles).getByText('Pending transactions (1h)')).toBeInTheDocument();
    expect(within(tiles).getByText('7')).toBeInTheDocument();
    expect(within(tiles).getByText('Transaction fees (24h)')).toBeInTheDocument();
    expect(within(tiles).getByText('0.02122 RUBY')).toBeInTheDocument();
    expect(within(tiles).getByText('Avg. transaction fee (24h)')).toBeInTheDocument();
    expect(within(tiles).getByText('0.00012 RUBY')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: TX_TEXTS.validatedCaption });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(api.calls).toContain(paths.allTx({ page: 1, size: 20 }));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('reads the page from the URL and keeps it there when paging', async () => {
    api = mockApi([
      [pathMatcher('allTx'), (p) => page(pageOf(p))],
      [pathMatcher('homeData'), ok(homeData())],
    ]);
    const { history } = render('/Alltransactions?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(api.calls).toContain(paths.allTx({ page: 2, size: 20 }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(history.at(-1)).toBe('/Alltransactions?page=3');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(history.at(-1)).toBe('/Alltransactions');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();
  });

  it('never asks for a page below 1, and the URL says page 1 (its entry replaced, not a new one)', async () => {
    api = mockApi([
      [pathMatcher('allTx'), (p) => page(pageOf(p))],
      [pathMatcher('homeData'), ok(homeData())],
    ]);
    const { history } = render('/Alltransactions?page=-4');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.startsWith(rawPath('allTx', '')))).toEqual([paths.allTx({ page: 1, size: 20 })]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(history).toEqual(['/Alltransactions']);
  });

  it('keeps the tab and the page size in the URL too: a link opens them', async () => {
    api = mockApi([
      [/^\/getAllTransction\//, (p) => page(pageOf(p), 12)],
      [/^\/getHomepagedata$/, ok(homeData({ pendingTransactions: 0 }))],
      [pathMatcher('pendingTx'), ok([], { pendingTransactions: 0, limit: 200, poolAvailable: true })],
    ]);
    const { history } = render('/Alltransactions?page=2&ps=50');
    expect(await screen.findByText('Page 2 of 12')).toBeInTheDocument();
    expect(api.calls).toContain(paths.allTx({ page: 2, size: 50 }));
    fireEvent.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(history.at(-1)).toBe('/Alltransactions?tab=pending');
    expect(await screen.findByText('No pending transactions found.')).toBeInTheDocument();
  });

  it('goes to the last page when the URL asks for one past the end', async () => {
    api = mockApi([
      [
        pathMatcher('allTx'),
        (p) => (pageOf(p) > 3 ? ok([], { totalTransactions: 60, totalPages: 3, currentPage: pageOf(p) }) : page(pageOf(p))),
      ],
      [pathMatcher('homeData'), ok(homeData())],
    ]);
    const { history } = render('/Alltransactions?page=9');
    await waitFor(() => expect(history.at(-1)).toBe('/Alltransactions?page=3'));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
  });

  it("says 'No transactions found' for an empty chain", async () => {
    api = mockApi([
      [pathMatcher('allTx'), ok([], { totalTransactions: 0, totalPages: 0, currentPage: 1 })],
      [pathMatcher('homeData'), ok(homeData())],
    ]);
    render();
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says so when the list fails, and retries', async () => {
    let fails = true;
    api = mockApi([
      [pathMatcher('allTx'), () => (fails ? fail(500, 'boom') : page(1))],
      [pathMatcher('homeData'), fail(500, 'boom')],
    ]);
    render();
    expect(await screen.findByText(TX_LIST_TEXTS.listError)).toBeInTheDocument();
    expect(screen.getByText(TX_TEXTS.statsError)).toBeInTheDocument();
    expect(screen.queryByText('No transactions found')).toBeNull();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: TX_TEXTS.validatedCaption })).toBeInTheDocument();
  });

  it("Pending says 'No pending transactions found.' for an empty pool", async () => {
    api = mockApi([
      [pathMatcher('allTx'), page(1)],
      [pathMatcher('homeData'), ok(homeData({ pendingTransactions: 0 }))],
      [pathMatcher('pendingTx'), ok([], { pendingTransactions: 0, limit: 200, poolAvailable: true })],
    ]);
    render();
    fireEvent.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(await screen.findByText('No pending transactions found.')).toBeInTheDocument();
  });

  it('Pending lists the transactions waiting in the pool, not only their count (issue #25 item 6)', async () => {
    const pooled = (hash: string, nonce: number) => ({
      hash,
      from: FROM,
      to: TO,
      nonce,
      value: 1.5,
      valueWei: '1500000000000000000',
      gas: '21000',
      gasPriceWei: '2000000000',
      fee: 0.000042,
      feeWei: '42000000000000',
      firstSeen: NOW - 5,
    });
    api = mockApi([
      [pathMatcher('allTx'), page(1)],
      [pathMatcher('homeData'), ok(homeData({ pendingTransactions: 2 }))],
      [pathMatcher('pendingTx'), ok([pooled(HASH, 4), pooled(HASH2, 5)], { pendingTransactions: 2, limit: 200, poolAvailable: true })],
    ]);
    render('/Alltransactions?tab=Pending');
    const table = await screen.findByRole('table', { name: TX_TEXTS.pending.caption });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('0x69b5...9d29')).toBeInTheDocument();
    // Not mined yet: no page to link to.
    expect(within(rows[1]!).getByText('0x69b5...9d29').closest('a')).toBeNull();
    expect(within(rows[2]!).getByText('5')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1.5 RUBY')).toBeInTheDocument();
    expect(api.calls).toContain(paths.pendingTx());
  });

  it("Blob txns says 'No blob transactions found.'", () => {
    api = mockApi([
      [pathMatcher('allTx'), 'pending'],
      [pathMatcher('homeData'), 'pending'],
    ]);
    render();
    fireEvent.click(screen.getByRole('tab', { name: 'Blob txns' }));
    expect(screen.getByText('No blob transactions found.')).toBeInTheDocument();
  });
});
