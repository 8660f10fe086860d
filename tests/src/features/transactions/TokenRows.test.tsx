/** Issue #25 items 1 and 2: list rows say what token moved ('330 RUSD', 'Token ID 30'), not '0 RUBY' / '0 Value'. */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenTransferItem } from '../../../../common/api/tokens';
import { TypedTransactions } from '../../../../src/features/home/TypedTransactions';
import { LatestTransactions } from '../../../../src/features/home/LatestTransactions';
import { TokenHoldingsTable } from '../../../../src/sections/tokens/TokenHoldingsTable';
import { TokenTransfersTable } from '../../../../src/sections/tokens/TokenTransfersTable';
import { TransactionList } from '../../../../src/sections/transactions/TransactionList';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { FROM, HASH, HASH2, NOW, TO, TOKEN, listTx } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  const mql = { matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => mql),
  );
});
afterEach(() => vi.unstubAllGlobals());

const tokenRow = listTx({
  hash: HASH2,
  transactiontype: 2,
  value: 0,
  valueWei: '0',
  tokenAddress: TOKEN,
  tokenValueWei: '330000000000000000000',
  tokenSymbol: 'RUSD',
  tokenDecimals: 18,
  tokenId: null,
});
const rows = [listTx(), tokenRow];

function rowOf(hashShort: string): HTMLElement {
  return screen.getByText(hashShort).closest('tr')!;
}

describe('token-transfer rows in the transaction lists', () => {
  it('/Alltransactions and the address lists: the token amount with its symbol, not 0 RUBY', () => {
    renderWithProviders(<TransactionList items={rows} empty="none" caption="Txs" />);
    const row = rowOf('0xc237...200b');
    expect(within(row).getByText('330 RUSD')).toBeInTheDocument();
    expect(within(row).queryByText('0 RUBY')).toBeNull();
    // A coin row keeps its coin value.
    expect(within(rowOf('0x69b5...9d29')).getByText('4.885 RUBY')).toBeInTheDocument();
  });

  it("the home page's Token Transactions: '330 RUSD', not '0 Value'", () => {
    renderWithProviders(<TypedTransactions kind="token" rows={[tokenRow]} />);
    const table = screen.getByRole('table', { name: 'Token Transactions' });
    expect(within(table).getByText('330 RUSD')).toBeInTheDocument();
    expect(within(table).queryByText('0 Value')).toBeNull();
  });

  it("the home page's Latest Transactions: '330 RUSD'", () => {
    renderWithProviders(<LatestTransactions rows={[tokenRow]} />);
    expect(screen.getByText('330 RUSD')).toBeInTheDocument();
  });

  it('an NFT transfer row names the item it moved', () => {
    renderWithProviders(
      <TransactionList
        items={[{ ...tokenRow, tokenValueWei: '1', tokenDecimals: 0, tokenSymbol: 'GEM', tokenId: '30' }]}
        empty="none"
        caption="Txs"
      />,
    );
    expect(screen.getByText('Token ID 30 GEM')).toBeInTheDocument();
  });
});

describe('an address that received an NFT (item 1)', () => {
  const nftTransfer: TokenTransferItem = {
    hash: HASH,
    blockNumber: 24,
    logIndex: 0,
    timestamp: NOW - 30,
    createdAt: new Date((NOW - 30) * 1000).toISOString(),
    from: 'r0000000000000000000000000000000000000000',
    to: TO,
    tokenAddress: TOKEN,
    tokenName: 'Ruby Gems',
    tokenSymbol: 'GEM',
    tokenDecimals: 0,
    value: 1,
    valueWei: '1',
    decodedInput: [{ _to: TO, _value: '1' }],
    transactiontype: 2,
    tokenId: '30',
    status: 1,
  };

  it("its Token transfers list shows 'Token ID 30', the collection linking to its token page (issue #19)", () => {
    renderWithProviders(<TokenTransfersTable items={[nftTransfer]} caption="Token transfers" />);
    const table = screen.getByRole('table', { name: 'Token transfers' });
    expect(within(table).getByText('Token ID 30')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Ruby Gems (GEM)' })).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
  });

  it('its Tokens list shows the collection and how many items it holds', () => {
    renderWithProviders(
      <TokenHoldingsTable
        items={[{ contractAddress: TOKEN, name: 'Ruby Gems', symbol: 'GEM', decimals: 0, balance: 2, balanceWei: '2', nft: true }]}
        caption="Tokens"
      />,
    );
    const table = screen.getByRole('table', { name: 'Tokens' });
    expect(within(table).getByText('2 GEM')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Ruby Gems (GEM)' })).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
    expect(within(table).queryByText(FROM)).toBeNull();
  });
});
