/**
 * Issue #19: an NFT collection on the token page (its kind in the header, the overview's items and
 * owners, the Inventory tab paged with the page in the URL, no Holders tab) and the address page's
 * NFTs tab, shown only for an address holding any.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressNftItem, NftInventoryItem } from '../../../../common/api/nfts';
import { AddressPage } from '../../../../src/features/addresses/AddressPage';
import { NFTS_TEXTS } from '../../../../src/features/addresses/AddressNftsTab';
import { TokenDetailPage } from '../../../../src/features/tokens/TokenDetailPage';
import { NFT_TEXTS } from '../../../../src/features/tokens/nftTexts';
import { TOKEN_TEXTS } from '../../../../src/features/tokens/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { ok, mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { ADDR, HASH, HASH2, OTHER, TOKEN, addressPage, counters, paged, tokenData, transfer } from '../addresses/fixtures';
import { pathMatcher, paths } from '../../../../common/api/paths';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const T = Math.floor(Date.now() / 1000) - 90;
const item = (tokenId: string, over: Partial<NftInventoryItem> = {}): NftInventoryItem => ({
  tokenId,
  owner: ADDR,
  hash: HASH,
  blockNumber: 12,
  timestamp: T,
  createdAt: new Date(T * 1000).toISOString(),
  tokenUri: `https://ruby.example/gems/${tokenId}`,
  ...over,
});
const nft = tokenData({
  name: 'Ruby Gems',
  symbol: 'GEM',
  nftKind: 'erc721',
  decimals: 0,
  totalSupply: 21,
  totalSupplyWei: '21',
  holders: 7,
});

const collection = () =>
  mockApi([
    [pathMatcher('tokenData'), ok(nft)],
    [pathMatcher('tokenTx'), paged([transfer({ tokenId: '3', tokenDecimals: 0, value: 1, valueWei: '1' })])],
    [
      /^\/getTokenInventory\/[^/]+\/1\/20$/,
      ok([item('1'), item('2', { owner: OTHER, tokenUri: null })], { totalTransactions: 21, totalPages: 2, currentPage: 1 }),
    ],
    [
      /^\/getTokenInventory\/[^/]+\/2\/20$/,
      ok([item('21', { hash: HASH2, tokenUri: 'ipfs://gem/21' })], { totalTransactions: 21, totalPages: 2, currentPage: 2 }),
    ],
  ]);

describe('an NFT collection on the token page', () => {
  it('says it is an ERC-721 NFT collection, with items and owners, and offers Inventory instead of Holders', async () => {
    api = collection();
    renderWithProviders(<TokenDetailPage contractAddress={TOKEN} />, { path: `/TokenDetail/${TOKEN}` });
    expect(await screen.findByText('ERC-721 NFT collection', { selector: '.nft-badge' })).toBeInTheDocument();
    const overview = await screen.findByRole('region', { name: TOKEN_TEXTS.overview });
    const value = (label: string) => within(overview).getByText(label).nextElementSibling;
    expect(value(NFT_TEXTS.type)).toHaveTextContent('ERC-721 NFT collection');
    expect(value(NFT_TEXTS.items)).toHaveTextContent('21');
    expect(value(NFT_TEXTS.owners)).toHaveTextContent('7');
    expect(within(overview).queryByText(TOKEN_TEXTS.decimals)).toBeNull();
    const tabs = screen.getByRole('tablist', { name: 'Token details' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Token transfers', 'Inventory', 'Internal txns', 'Contract']);
  });

  it('lists the inventory: token id, owner, last transfer and metadata URI, paged with the page in the URL', async () => {
    api = collection();
    const view = renderWithProviders(<TokenDetailPage contractAddress={TOKEN} />, { path: `/TokenDetail/${TOKEN}?tab=inventory` });
    const table = await screen.findByRole('table', { name: NFT_TEXTS.inventory.caption });
    await within(table).findByText('https://ruby.example/gems/1');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('1')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'https://ruby.example/gems/1' })).toHaveAttribute(
      'href',
      'https://ruby.example/gems/1',
    );
    expect(rows[0]!.querySelector(`a[href="/address/${ADDR}"]`)).not.toBeNull();
    expect(rows[0]!.querySelector(`a[href="/transaction/${HASH}"]`)).not.toBeNull();
    expect(within(rows[1]!).getByText('—')).toBeInTheDocument(); // no tokenURI answer
    expect(rows[1]!.querySelector(`a[href="/address/${OTHER}"]`)).not.toBeNull();
    expect(api.calls).toContain(paths.nftInventory({ contractAddress: TOKEN, page: 1, size: 20 }));

    fireEvent.click(within(screen.getByRole('navigation', { name: NFT_TEXTS.inventory.pages })).getByRole('button', { name: /next/i }));
    await waitFor(() => expect(api!.calls).toContain(paths.nftInventory({ contractAddress: TOKEN, page: 2, size: 20 })));
    expect(view.history.at(-1)).toContain('tab=inventory');
    expect(view.history.at(-1)).toContain('page=2');
    const uri = await screen.findByText('ipfs://gem/21');
    expect(uri.closest('a')).toBeNull(); // only http(s) URIs become links
  });

  it('an ERC-1155 collection lists its holdings per id: one row per id and holder, with the amount formatted', async () => {
    api = mockApi([
      [pathMatcher('tokenData'), ok({ ...nft, nftKind: 'erc1155' })],
      [pathMatcher('tokenTx'), paged([])],
      [
        /^\/getTokenInventory\/[^/]+\/1\/20$/,
        ok([item('7', { amount: '3000' }), item('7', { owner: OTHER, amount: '2', hash: HASH2 })], {
          totalTransactions: 2,
          totalPages: 1,
          currentPage: 1,
        }),
      ],
    ]);
    renderWithProviders(<TokenDetailPage contractAddress={TOKEN} />, { path: `/TokenDetail/${TOKEN}?tab=inventory` });
    const table = await screen.findByRole('table', { name: NFT_TEXTS.inventory.caption });
    await within(table).findAllByText('https://ruby.example/gems/7');
    expect(within(table).getByRole('columnheader', { name: NFT_TEXTS.inventory.amount })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.querySelector(`a[href="/address/${ADDR}"]`)).not.toBeNull();
    expect(within(rows[0]!).getByText('3,000')).toBeInTheDocument(); // formatted like every number
    expect(rows[1]!.querySelector(`a[href="/address/${OTHER}"]`)).not.toBeNull();
    expect(within(rows[1]!).getByText('2')).toBeInTheDocument();
  });

  it('an ERC-721 inventory has no amount column', async () => {
    api = collection();
    renderWithProviders(<TokenDetailPage contractAddress={TOKEN} />, { path: `/TokenDetail/${TOKEN}?tab=inventory` });
    const table = await screen.findByRole('table', { name: NFT_TEXTS.inventory.caption });
    await within(table).findByText('https://ruby.example/gems/1');
    expect(within(table).queryByRole('columnheader', { name: NFT_TEXTS.inventory.amount })).toBeNull();
  });

  it('shows the transfers with their token id', async () => {
    api = collection();
    renderWithProviders(<TokenDetailPage contractAddress={TOKEN} />, { path: `/TokenDetail/${TOKEN}` });
    expect((await screen.findAllByText(/Token ID 3/)).length).toBeGreaterThan(0);
  });
});

describe("the address page's NFTs tab", () => {
  const held: AddressNftItem = {
    contractAddress: TOKEN,
    name: 'Ruby Gems',
    symbol: 'GEM',
    tokenId: '5',
    standard: 'erc721',
    amount: '1',
    hash: HASH,
    blockNumber: 9,
    timestamp: T,
    createdAt: new Date(T * 1000).toISOString(),
    tokenUri: 'https://ruby.example/gems/5',
  };
  const addressApi = (nfts: AddressNftItem[]) =>
    mockApi([
      [pathMatcher('userTx'), ok([], { ...addressPage(), result: [] })],
      [pathMatcher('addressNfts'), paged(nfts)],
      [pathMatcher('addressCounters'), counters({ nftCollections: new Set(nfts.map((n) => n.contractAddress)).size })],
    ]);

  it('lists the NFTs the address holds, each linked to its collection', async () => {
    api = addressApi([held]);
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}` });
    fireEvent.click(await screen.findByRole('tab', { name: NFTS_TEXTS.tab }));
    const table = await screen.findByRole('table', { name: NFTS_TEXTS.caption });
    expect(within(table).getByRole('link', { name: 'Ruby Gems (GEM)' })).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
    expect(within(table).getByText('5')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'https://ruby.example/gems/5' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: NFTS_TEXTS.amount })).toBeNull(); // ERC-721 only: no amounts
  });

  it('an ERC-1155 id shows the amount held, formatted like every number, beside the ERC-721 items', async () => {
    const multi = { ...held, contractAddress: OTHER, name: 'Multi', symbol: 'MTK', standard: 'erc1155' as const, hash: HASH2 };
    api = addressApi([{ ...multi, tokenId: '3', amount: '1234567' }, { ...multi, tokenId: '7', amount: '2' }, held]);
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}` });
    fireEvent.click(await screen.findByRole('tab', { name: NFTS_TEXTS.tab }));
    const table = await screen.findByRole('table', { name: NFTS_TEXTS.caption });
    await within(table).findByText('1,234,567');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual([NFTS_TEXTS.collection, NFTS_TEXTS.tokenId, NFTS_TEXTS.amount]);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((c) => c.textContent);
    expect(rows.map(cells)).toEqual([
      ['Multi (MTK)', '3', '1,234,567'],
      ['Multi (MTK)', '7', '2'],
      ['Ruby Gems (GEM)', '5', '1'],
    ]);
  });

  it('shows no NFTs tab for an address holding none', async () => {
    api = addressApi([]);
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}` });
    await screen.findByRole('tab', { name: 'Tokens' });
    await waitFor(() => expect(api!.calls).toContain(paths.addressCounters(ADDR)));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('tab', { name: NFTS_TEXTS.tab })).toBeNull();
    expect(api.calls).not.toContain(paths.addressNfts({ address: ADDR, page: 1, size: 20 }));
  });
});
