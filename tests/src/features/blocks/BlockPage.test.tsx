import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockPage } from '../../../../src/features/blocks/BlockPage';
import { BLOCK_ROWS, BLOCK_TEXTS } from '../../../../src/features/blocks/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { BLOCK_HASH, HASH2, MINER, PARENT_HASH, blockDetail, homeData, listTx } from '../transactions/fixtures';
import { pathMatcher, paths } from '../../../../common/api/paths';

vi.setConfig({ testTimeout: 20_000 });

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const detail = (over = {}, txs = [listTx(), listTx({ hash: HASH2, status: 0 })]) => {
  const b = blockDetail(over);
  return { body: { status: true, result: b, blockdata: b, transactionData: txs } };
};

function render(value = '24', path = `/Block/${value}`) {
  return renderWithProviders(<BlockPage blockNumber={value} />, { path });
}

function row(label: string): HTMLElement {
  return screen.getAllByText(label, { selector: 'dt' })[0]!.nextElementSibling as HTMLElement;
}

describe('BlockPage', () => {
  it("shows 'Block #number' and 'Loading...' until data arrives", () => {
    api = mockApi([
      [pathMatcher('block'), 'pending'],
      [pathMatcher('homeData'), 'pending'],
    ]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Block #24' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
  });

  it('shows the validator, the tabs and every Details row', async () => {
    api = mockApi([
      [pathMatcher('block'), detail()],
      [pathMatcher('homeData'), ok(homeData({ latestBlockNumber: 30 }))],
    ]);
    render();
    expect(await screen.findByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Details', 'Transactions', 'Blob txns']);
    expect(document.querySelector('.detail-summary')).toHaveTextContent('Validator: r0000000000000000000...0001');
    expect(within(document.querySelector<HTMLElement>('.detail-summary')!).getByTitle(MINER).closest('a')).toHaveAttribute(
      'href',
      `/address/${MINER}`,
    );
    expect(api.calls).toContain(paths.block(24));
    expect(row(BLOCK_ROWS.height)).toHaveTextContent('24');
    expect(within(row(BLOCK_ROWS.height)).getByRole('link', { name: BLOCK_TEXTS.previousBlock })).toHaveAttribute('href', '/Block/23');
    expect(await within(row(BLOCK_ROWS.height)).findByRole('link', { name: BLOCK_TEXTS.nextBlock })).toHaveAttribute('href', '/Block/25');
    expect(row(BLOCK_ROWS.size)).toHaveTextContent('4,762 bytes');
    expect(row(BLOCK_ROWS.timestamp)).toHaveTextContent(/ago \(Nov-22-2026 08:29:40 UTC\)/);
    expect(row(BLOCK_ROWS.transactions)).toHaveTextContent('2 transactions in this block');
    expect(within(row(BLOCK_ROWS.validator)).getByRole('link', { name: MINER })).toHaveAttribute('href', `/address/${MINER}`);
    expect(row(BLOCK_ROWS.gasUsed)).toHaveTextContent('15,000,000 (50.00%)');
    expect(row(BLOCK_ROWS.gasLimit)).toHaveTextContent('30,000,000');
    expect(row(BLOCK_ROWS.baseFeePerGas)).toHaveTextContent('0.054468841 Gwei');
    expect(row(BLOCK_ROWS.difficulty)).toHaveTextContent('0');
    expect(row(BLOCK_ROWS.totalDifficulty)).toHaveTextContent('0');
    expect(row(BLOCK_ROWS.hash)).toHaveTextContent(BLOCK_HASH);
    expect(within(row(BLOCK_ROWS.parentHash)).getByRole('link', { name: PARENT_HASH })).toHaveAttribute('href', '/Block/23');
    expect(row(BLOCK_ROWS.nonce)).toHaveTextContent('0x0000000000000000');
  });

  it('has no next link at the head, and no previous link at the genesis block', async () => {
    api = mockApi([
      [pathMatcher('block'), detail({ number: 0 })],
      [pathMatcher('homeData'), ok(homeData({ latestBlockNumber: 0 }))],
    ]);
    render('0');
    await screen.findByRole('tab', { name: 'Details' });
    await vi.waitFor(() => expect(api!.calls).toContain(paths.homeData()));
    await vi.waitFor(() => expect(within(row(BLOCK_ROWS.height)).queryByRole('link', { name: BLOCK_TEXTS.nextBlock })).toBeNull());
    expect(within(row(BLOCK_ROWS.height)).queryByRole('link', { name: BLOCK_TEXTS.previousBlock })).toBeNull();
  });

  it('opens a block by hash and heads it with its number', async () => {
    api = mockApi([
      [pathMatcher('block'), detail()],
      [pathMatcher('homeData'), ok(homeData())],
    ]);
    render(BLOCK_HASH, `/block/${BLOCK_HASH}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Block #' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Block #24' })).toBeInTheDocument();
    expect(api.calls).toContain(paths.block(BLOCK_HASH));
  });

  it("lists the block's transactions, reachable from the count", async () => {
    api = mockApi([
      [pathMatcher('block'), detail()],
      [pathMatcher('homeData'), ok(homeData())],
    ]);
    render();
    await screen.findByRole('tab', { name: 'Details' });
    fireEvent.click(screen.getByRole('button', { name: '2 transactions in this block' }));
    expect(screen.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');
    const table = screen.getByRole('table', { name: BLOCK_TEXTS.blockTxCaption });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Success')).toBeInTheDocument();
    expect(within(table).getByText('Failed')).toBeInTheDocument();
  });

  it("says 'No transactions found' for an empty block and 'No Blob txns' in Blob txns", async () => {
    api = mockApi([
      [pathMatcher('block'), detail({ totaltransaction: 0 }, [])],
      [pathMatcher('homeData'), ok(homeData())],
    ]);
    render();
    await screen.findByRole('tab', { name: 'Details' });
    expect(row(BLOCK_ROWS.transactions)).toHaveTextContent('0 transactions in this block');
    fireEvent.click(screen.getByRole('tab', { name: 'Transactions' }));
    expect(screen.getByText('No transactions found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Blob txns' }));
    expect(screen.getByText('No Blob txns')).toBeInTheDocument();
  });

  it('an invalid value gets the invalid message, not an endless Loading', async () => {
    api = mockApi([
      [pathMatcher('block'), fail(400, 'Invalid block "abc": use a block number or a 0x block hash')],
      [pathMatcher('homeData'), ok(homeData())],
    ]);
    render('abc', '/block/abc');
    expect(await screen.findByRole('heading', { name: BLOCK_TEXTS.invalidTitle })).toBeInTheDocument();
    // Refused before asking the server (issue #25, item 13): the page says what is wrong itself.
    expect(screen.getByRole('alert')).toHaveTextContent('“abc” is not a block number or a block hash.');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('an unknown block gets the not-found message', async () => {
    api = mockApi([
      [pathMatcher('block'), fail(404, 'Block 99999999 not found')],
      [pathMatcher('homeData'), ok(homeData())],
    ]);
    render('99999999');
    expect(await screen.findByRole('heading', { name: BLOCK_TEXTS.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Block 99999999 not found');
  });

  it('a failed fetch says so and retries', async () => {
    let fails = true;
    api = mockApi([
      [pathMatcher('block'), () => (fails ? fail(503, 'Service unavailable') : detail())],
      [pathMatcher('homeData'), ok(homeData())],
    ]);
    render();
    expect(await screen.findByRole('heading', { name: BLOCK_TEXTS.loadErrorTitle })).toBeInTheDocument();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Details' })).toBeInTheDocument();
  });
});
