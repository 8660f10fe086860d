import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransactionList } from '../../../../src/sections/transactions/TransactionList';
import { TX_LIST_TEXTS } from '../../../../src/features/transactions/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { FROM, HASH, HASH2, TO, listTx } from './fixtures';

// Role queries over 20-row tables are slow in jsdom on this 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

function mockMatchMedia(matches: boolean) {
  const mql = { matches, addEventListener: vi.fn(), removeEventListener: vi.fn() };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => mql),
  );
}

afterEach(() => vi.unstubAllGlobals());

const items = [
  listTx(),
  listTx({ hash: HASH2, status: 0, transactiontype: 2, to: null, contractAddress: TO, value: 0, valueWei: '0', feeWei: '123456789000000' }),
];

describe('TransactionList', () => {
  it("shows 'Loading...' while items are undefined", () => {
    renderWithProviders(<TransactionList items={undefined} empty="No transactions found" caption="Txs" />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it("shows 'Loading...' while isLoading even with stale items", () => {
    renderWithProviders(<TransactionList items={items} isLoading empty="No transactions found" caption="Txs" />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows the given empty text', () => {
    renderWithProviders(<TransactionList items={[]} empty="No transactions found" caption="Txs" />);
    expect(screen.getByText('No transactions found')).toBeInTheDocument();
  });

  it('says the list failed instead of an untrue empty text', () => {
    renderWithProviders(<TransactionList items={undefined} isError empty="No transactions found" caption="Txs" />);
    expect(screen.getByRole('alert')).toHaveTextContent(TX_LIST_TEXTS.listError);
    expect(screen.queryByText('No transactions found')).toBeNull();
  });

  it('renders rows with links, shortened values, amounts and the real status', () => {
    renderWithProviders(<TransactionList items={items} empty="none" caption="Txs" />);
    const table = screen.getByRole('table', { name: 'Txs' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1]!;
    const hashLink = within(first).getByText('0x69b5...9d29');
    expect(hashLink.closest('a')).toHaveAttribute('href', `/transaction/${HASH}`);
    expect(within(first).getByText('Coin transfer')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '24' })).toHaveAttribute('href', '/Block/24');
    expect(within(first).getByTitle(FROM).closest('a')).toHaveAttribute('href', `/address/${FROM}`);
    expect(within(first).getByText('r90F79bf6EB2...b906')).toBeInTheDocument();
    expect(within(first).getByText('4.885 RUBY')).toBeInTheDocument();
    expect(within(first).getByText('0.00021 RUBY')).toBeInTheDocument();
    expect(within(first).getByText('Success')).toBeInTheDocument();
    const second = rows[2]!;
    expect(within(second).getByText('Failed')).toBeInTheDocument();
    expect(within(second).getByText('Token transfer')).toBeInTheDocument();
    // A contract creation shows the created contract as 'to'.
    expect(within(second).getByTitle(TO).closest('a')).toHaveAttribute('href', `/address/${TO}`);
    expect(within(second).getByText('0.00012 RUBY')).toBeInTheDocument();
    expect(within(second).getByText('0 RUBY')).toBeInTheDocument();
  });

  it('uses the lower-case status and the requested address shortening', () => {
    renderWithProviders(<TransactionList items={items} empty="none" caption="Txs" statusCase="lower" addressShorten={5} />);
    expect(screen.getByText('success')).toBeInTheDocument();
    expect(screen.getByText('failed')).toBeInTheDocument();
    expect(screen.getAllByText('r90F7...b906').length).toBe(2);
  });

  it('copies a hash with the toast', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<TransactionList items={[listTx()]} empty="none" caption="Txs" />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Copy hash' })[0]!);
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(HASH);
  });

  it('renders cards on a narrow screen', () => {
    mockMatchMedia(true);
    renderWithProviders(<TransactionList items={items} empty="none" caption="Txs" />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Txs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Failed')).toBeInTheDocument();
  });
});
