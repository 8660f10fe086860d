/**
 * Issue #25, the everyday views of the address, contract and token pages (items 11, 12, 17 and
 * the views): the balance first with its USD value, first / last transaction, the holdings
 * summary, IN / OUT / SELF and Method columns, the search box on every detail page, the contract
 * page's Transactions tab (the default) and Events tab, and the token transfers paged for a phone.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressPage } from '../../../../src/features/addresses/AddressPage';
import { ADDRESS_TEXTS } from '../../../../src/features/addresses/texts';
import { ContractDetailPage } from '../../../../src/features/contracts/ContractDetailPage';
import { CONTRACT_TEXTS } from '../../../../src/features/contracts/texts';
import { TokenDetailPage } from '../../../../src/features/tokens/TokenDetailPage';
import { TOKEN_TEXTS } from '../../../../src/features/tokens/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { ok, mockApi, type ApiMock } from '../../../helpers/fetchMock';
import {
  ADDR,
  DAPP,
  HASH,
  HASH2,
  OTHER,
  TOKEN,
  addressPage,
  contractDetail,
  counters,
  holding,
  paged,
  tokenData,
  transfer,
  tx,
} from './fixtures';
import { pathMatcher, paths } from '../../../../common/api/paths';

vi.setConfig({ testTimeout: 20_000 });

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  vi.unstubAllGlobals();
});

const PRICE = ok({ price: 0.25 }, { fee: 0.00021 });

function phone(matches: boolean) {
  const mql = { matches, addEventListener: vi.fn(), removeEventListener: vi.fn() };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => mql),
  );
}

describe('address page (item 17 and the views)', () => {
  const rows = [
    tx({ hash: HASH, from: ADDR, to: OTHER, functionName: 'swapExactTokensForTokens', transactiontype: 3 }),
    tx({ hash: HASH2, from: OTHER, to: ADDR }),
    tx({ hash: `0x${'ef'.repeat(32)}`, from: ADDR, to: ADDR, functionName: '0xdeadbeef', transactiontype: 3 }),
  ];
  const loaded = () =>
    mockApi([
      [
        pathMatcher('userTx'),
        ok(rows, {
          ...addressPage(),
          result: rows,
          balance: 1234.5,
          balanceWei: '1234500000000000000000',
          firstTransaction: { hash: HASH2, blockNumber: 3, timestamp: 1_700_000_000 },
          lastTransaction: { hash: HASH, blockNumber: 42, timestamp: 1_700_000_100 },
        }),
      ],
      [pathMatcher('rubyPrice'), PRICE],
      [pathMatcher('allTokenBalance'), ok([holding(), holding({ contractAddress: DAPP, name: 'Ruby Gems', symbol: 'GEM', nft: true })])],
      [pathMatcher('addressEvents'), paged([])],
      [pathMatcher('withdrawals'), paged([])],
      [pathMatcher('addressCounters'), counters({ tokens: 1, nftCollections: 1 })],
    ]);

  it('shows the balance first, large, with its USD value at the current price', async () => {
    api = loaded();
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}` });
    const balance = await screen.findByRole('region', { name: ADDRESS_TEXTS.balance });
    await waitFor(() => expect(balance).toHaveTextContent('1,234.5 RUBY'));
    await waitFor(() => expect(balance).toHaveTextContent('≈ $308.63'));
  });

  it('shows the first and last transaction and a token-holdings summary that opens the Tokens tab', async () => {
    api = loaded();
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}` });
    const overview = await screen.findByRole('region', { name: ADDRESS_TEXTS.overview });
    const value = (label: string) => within(overview).getByText(label).nextElementSibling as HTMLElement;
    await waitFor(() => expect(within(value(ADDRESS_TEXTS.firstTransaction)).getByTitle(HASH2)).toBeInTheDocument());
    expect(within(value(ADDRESS_TEXTS.lastTransaction)).getByTitle(HASH)).toBeInTheDocument();
    // The hash, then "(… ago)" as one flex item: the row's gap never opens the brackets ("( 1s ago )").
    const end = value(ADDRESS_TEXTS.lastTransaction).querySelector('.address-tx-end');
    expect(end?.children).toHaveLength(2);
    expect(end?.children[1]?.textContent).toMatch(/^\(\S.*ago\)$/);
    const summary = await within(overview).findByRole('button', { name: '1 token, 1 NFT collection' });
    fireEvent.click(summary);
    expect(await screen.findByRole('table', { name: ADDRESS_TEXTS.captions.tokens })).toBeInTheDocument();
  });

  it('marks each transaction IN / OUT / SELF and names its method', async () => {
    api = loaded();
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}` });
    const table = await screen.findByRole('table', { name: ADDRESS_TEXTS.captions.transactions });
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => within(r).getByText(/^(IN|OUT|SELF)$/).textContent)).toEqual(['OUT', 'IN', 'SELF']);
    expect(within(body[0]!).getByText('swapExactTokensForTokens')).toBeInTheDocument();
    expect(within(body[1]!).getByText('Transfer')).toBeInTheDocument();
    expect(within(body[2]!).getByText('0xdeadbeef')).toBeInTheDocument();
  });

  it('has the search box, as the block and transaction pages do', async () => {
    api = loaded();
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}` });
    expect(screen.getByRole('search')).toBeInTheDocument();
  });
});

describe('contract page (item 11)', () => {
  const contractApi = (events: number) =>
    mockApi([
      [pathMatcher('contractDetail'), ok(contractDetail({ trx_length: 2 }))],
      [
        pathMatcher('userTx'),
        { body: addressPage({ address: DAPP, result: [tx({ from: OTHER, to: DAPP, functionName: 'distribute', transactiontype: 3 })] }) },
      ],
      [pathMatcher('internalTx'), paged([])],
      [pathMatcher('addressEvents'), ok([], { totalTransactions: events, totalPages: events > 0 ? 1 : 0, currentPage: 1 })],
      [pathMatcher('addressCounters'), counters()],
    ]);

  it('opens on a Transactions tab that lists the transactions the overview counts', async () => {
    api = contractApi(0);
    renderWithProviders(<ContractDetailPage contractAddress={DAPP} />, { path: `/contractDetail/${DAPP}` });
    const table = await screen.findByRole('table', { name: CONTRACT_TEXTS.transactionsCaption });
    expect(screen.getByRole('tab', { name: CONTRACT_TEXTS.transactionsTab })).toHaveAttribute('aria-selected', 'true');
    expect(within(table).getByText('distribute')).toBeInTheDocument();
    expect(within(table).getByText('IN')).toBeInTheDocument();
    expect(screen.queryByText('No Trx available')).toBeNull();
    expect(api.calls).toContain(paths.userTx({ address: DAPP, page: 1, size: 20 }));
    // The spec's tabs are all still there.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Transactions', 'Internal txns', 'Contract', 'Token']);
    expect(screen.getByRole('search')).toBeInTheDocument();
  });

  it('adds an Events tab when the contract emitted events', async () => {
    api = contractApi(3);
    renderWithProviders(<ContractDetailPage contractAddress={DAPP} />, { path: `/contractDetail/${DAPP}` });
    expect(await screen.findByRole('tab', { name: CONTRACT_TEXTS.eventsTab })).toBeInTheDocument();
  });
});

describe('token page on a phone (item 12)', () => {
  const tokenApi = () =>
    mockApi([
      [pathMatcher('tokenData'), ok(tokenData())],
      [pathMatcher('tokenTx'), (p) => paged([transfer({ hash: p.includes('/2/') ? HASH2 : HASH })], 8, p.includes('/2/') ? 2 : 1)],
      [pathMatcher('addressCounters'), counters()],
    ]);

  it('pages the transfers 25 at a time, the page in the URL', async () => {
    phone(true);
    api = tokenApi();
    const view = renderWithProviders(<TokenDetailPage contractAddress={TOKEN} />, { path: `/TokenDetail/${TOKEN}` });
    await screen.findByRole('list', { name: TOKEN_TEXTS.transfersCaption }).catch(() => screen.findByText('Page 1 of 8'));
    expect(api.calls).toContain(paths.tokenTx({ contractAddress: TOKEN, page: 1, size: 25 }));
    expect(api.calls).not.toContain(paths.tokenTx({ contractAddress: TOKEN, page: 1, size: 200 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api!.calls).toContain(paths.tokenTx({ contractAddress: TOKEN, page: 2, size: 25 })));
    expect(view.history.at(-1)).toContain('page=2');
    expect(screen.getByRole('search')).toBeInTheDocument();
  });

  it('keeps the spec’s 200 per page on a wide screen', async () => {
    phone(false);
    api = tokenApi();
    renderWithProviders(<TokenDetailPage contractAddress={TOKEN} />, { path: `/TokenDetail/${TOKEN}` });
    await waitFor(() => expect(api!.calls).toContain(paths.tokenTx({ contractAddress: TOKEN, page: 1, size: 200 })));
  });
});

describe('token page Holders tab', () => {
  it('lists rank, address, quantity and percentage of supply, paged with the page in the URL', async () => {
    phone(false);
    const holder = (rank: number, address: string, wei: string, percentage: number) => ({
      rank,
      address,
      quantity: 0,
      quantityWei: wei,
      percentage,
    });
    api = mockApi([
      [pathMatcher('tokenData'), ok(tokenData())],
      [pathMatcher('tokenTx'), paged([])],
      [
        pathMatcher('tokenHolders'),
        (p) =>
          p.includes('/2/')
            ? ok([holder(21, OTHER, '1000000000000000000', 0.00001)], { totalTransactions: 21, totalPages: 2, currentPage: 2 })
            : ok([holder(1, ADDR, '9000000000000000000000000', 90)], { totalTransactions: 21, totalPages: 2, currentPage: 1 }),
      ],
      [pathMatcher('addressCounters'), counters()],
    ]);
    const view = renderWithProviders(<TokenDetailPage contractAddress={TOKEN} />, { path: `/TokenDetail/${TOKEN}?tab=holders` });
    const table = await screen.findByRole('table', { name: TOKEN_TEXTS.holdersTab.caption });
    await waitFor(() => expect(within(table).getByText('9,000,000 RGLD')).toBeInTheDocument());
    expect(within(table).getByText('90%')).toBeInTheDocument();
    expect(within(table).getByTitle(ADDR).closest('a')).toHaveAttribute('href', `/address/${ADDR}`);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Token transfers', 'Internal txns', 'Contract', 'Holders']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: TOKEN_TEXTS.holdersTab.caption })).getByText('<0.0001%')).toBeInTheDocument(),
    );
    expect(view.history.at(-1)).toContain('page=2');
    expect(api.calls).toContain(paths.tokenHolders({ contractAddress: TOKEN, page: 2, size: 20 }));
  });
});
