/**
 * Issue #39 item 3: the address page draws its first tab from two requests, the transactions and
 * the counters; the tab bar, the contract link with its marks and the holdings come from the
 * counters alone. A link to an optional tab stays reachable while the counters load or when they
 * fail, and a link to one the address has no rows for says why the transactions show instead.
 */
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressCounters } from '../../../../common/api/addresses';
import { pathMatcher, paths } from '../../../../common/api/paths';
import { AddressPage } from '../../../../src/features/addresses/AddressPage';
import { ADDRESS_TEXTS } from '../../../../src/features/addresses/texts';
import { useAddressTabs, type AddressTab } from '../../../../src/features/addresses/useAddressTabs';
import { fail, mockApi, type ApiMock, type Reply } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { ADDR, TOKEN, addressPage, counters, paged } from './fixtures';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const APP_WIDE = [paths.rubyPrice(), paths.nameTags(), paths.indexingStatus()];
/** The page's own requests, each once. */
const pageCalls = () => [...new Set((api?.calls ?? []).filter((c) => !APP_WIDE.includes(c)))].sort();
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);
const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
const SPEC_TABS = ['Transactions', 'Tokens', 'Token transfers', 'Internal txns'];

const everything: Partial<AddressCounters> = {
  verified: true,
  proxy: true,
  tokens: 2,
  nftCollections: 1,
  tokenTransfers: true,
  internalTxns: true,
  withdrawals: true,
  events: true,
  approvals: true,
};

describe('the first tab from two requests', () => {
  it('a token with every kind of row: the whole tab bar, the link and its marks, and only the two requests', async () => {
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage({ address: TOKEN }) }],
      [pathMatcher('addressCounters'), counters(everything)],
    ]);
    renderWithProviders(<AddressPage address={TOKEN} />, { path: `/address/${TOKEN}` });
    expect(await screen.findByRole('link', { name: ADDRESS_TEXTS.viewToken })).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
    expect(screen.getByText(ADDRESS_TEXTS.verifiedMark)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_TEXTS.proxyMark)).toBeInTheDocument();
    expect(tabNames()).toEqual([...SPEC_TABS, 'Withdrawals', 'Events', 'NFTs', 'Approvals']);
    expect(screen.getByRole('button', { name: ADDRESS_TEXTS.holdings(2, 1) })).toBeInTheDocument();
    await screen.findByRole('table', { name: ADDRESS_TEXTS.captions.transactions });
    await new Promise((r) => setTimeout(r, 50));
    expect(pageCalls()).toEqual([paths.addressCounters(TOKEN), paths.userTx({ address: TOKEN, page: 1, size: 20 })].sort());
  });

  it('a wallet without optional rows: the specification’s four tabs and Approvals, no contract link, the same two requests', async () => {
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage() }],
      [pathMatcher('addressCounters'), counters()],
    ]);
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}` });
    await screen.findByRole('table', { name: ADDRESS_TEXTS.captions.transactions });
    await waitFor(() => expect(screen.getByText(ADDRESS_TEXTS.holdings(0, 0))).toBeInTheDocument());
    expect(tabNames()).toEqual([...SPEC_TABS, 'Approvals']);
    expect(screen.queryByText(ADDRESS_TEXTS.dappContract)).toBeNull();
    expect(screen.queryByText(ADDRESS_TEXTS.verifiedMark)).toBeNull();
    expect(pageCalls()).toEqual([paths.addressCounters(ADDR), paths.userTx({ address: ADDR, page: 1, size: 20 })].sort());
  });
});

describe('links to optional tabs', () => {
  it('?tab=events waits for the counters (Loading, no list asked), then lists the events', async () => {
    let answer: (r: Reply) => void = () => undefined;
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage({ address: TOKEN }) }],
      [pathMatcher('addressCounters'), () => new Promise<Reply>((resolve) => (answer = resolve))],
      [pathMatcher('addressEvents'), paged([])],
    ]);
    renderWithProviders(<AddressPage address={TOKEN} />, { path: `/address/${TOKEN}?tab=events` });
    await screen.findByText('12.5 RUBY');
    expect(selectedTab()).toBe('Events');
    expect(within(screen.getByRole('tabpanel')).getByText('Loading...')).toBeInTheDocument();
    expect(api.calls.some((c) => c.startsWith(paths.addressEvents({ address: TOKEN, page: 1, size: 20 })))).toBe(false);
    await act(async () => answer(counters({ events: true })(paths.addressCounters(TOKEN))));
    await waitFor(() =>
      expect(api?.calls.some((c) => c.startsWith(paths.addressEvents({ address: TOKEN, page: 1, size: 20 })))).toBe(true),
    );
    expect(selectedTab()).toBe('Events');
    expect(screen.queryByText(ADDRESS_TEXTS.deadEnd('Events'))).toBeNull();
  });

  it('?tab=events for an address without any: the transactions, and a line saying why', async () => {
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage() }],
      [pathMatcher('addressCounters'), counters()],
    ]);
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}?tab=events` });
    expect(await screen.findByText(ADDRESS_TEXTS.deadEnd('Events'))).toBeInTheDocument();
    expect(selectedTab()).toBe('Transactions');
    expect(tabNames()).toEqual([...SPEC_TABS, 'Approvals']);
    expect(await screen.findByRole('table', { name: ADDRESS_TEXTS.captions.transactions })).toBeInTheDocument();
    expect(api.calls.some((c) => pathMatcher('addressEvents').test(c))).toBe(false);
  });

  it('Approvals on every address page, with none in force too (its own list answers when opened)', async () => {
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage() }],
      [pathMatcher('addressCounters'), counters({ approvals: false })],
      [pathMatcher('approvals'), paged([])],
    ]);
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}?tab=approvals` });
    await waitFor(() => expect(api?.calls.some((c) => pathMatcher('approvals').test(c))).toBe(true));
    expect(selectedTab()).toBe('Approvals');
    expect(screen.queryByText(ADDRESS_TEXTS.deadEnd('Approvals'))).toBeNull();
  });

  it('?tab=withdrawals when the counters failed: the tab stays and its own list answers', async () => {
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage() }],
      [pathMatcher('addressCounters'), fail(503, 'database busy')],
      [pathMatcher('withdrawals'), paged([])],
    ]);
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}?tab=withdrawals` });
    await waitFor(() => expect(api?.calls).toContain(paths.withdrawals({ address: ADDR, page: 1, size: 20 })));
    expect(selectedTab()).toBe('Withdrawals');
    expect(screen.queryByText(ADDRESS_TEXTS.deadEnd('Withdrawals'))).toBeNull();
  });
});

describe('useAddressTabs', () => {
  const c = (over: Partial<AddressCounters> = {}) =>
    (counters(over)(paths.addressCounters(ADDR)).body as { result: AddressCounters }).result;

  it('keeps the tab the visitor is on when a later answer says it emptied, and forgets it for another address', () => {
    const { result, rerender } = renderHook(
      ({ address, wanted, counters: answer }: { address: string; wanted: AddressTab; counters: AddressCounters | null | undefined }) =>
        useAddressTabs(address, wanted, answer),
      { initialProps: { address: ADDR, wanted: 'Events' as AddressTab, counters: c({ events: true }) } },
    );
    expect(result.current).toMatchObject({ selected: 'Events', pending: false, deadEnd: null });
    expect(result.current.tabs).toContain('Events');
    // A later answer says none (asked again while the visitor looked): the tab stays under them.
    rerender({ address: ADDR, wanted: 'Events', counters: c() });
    expect(result.current).toMatchObject({ selected: 'Events', deadEnd: null });
    expect(result.current.tabs).toContain('Events');
    // Another tab chosen: the empty one leaves the bar.
    rerender({ address: ADDR, wanted: 'Tokens', counters: c() });
    expect(result.current.tabs).not.toContain('Events');
    // Another address linked on the same tab, without events: the dead end, explained.
    rerender({ address: TOKEN, wanted: 'Events', counters: c() });
    expect(result.current).toMatchObject({ selected: 'Transactions', deadEnd: 'Events' });
    // Approvals stay on every address.
    expect(result.current.tabs).toContain('Approvals');
  });

  it('shows NFTs by the collections held, and pends a linked tab while the counters load', () => {
    const { result, rerender } = renderHook(
      ({ wanted, counters: answer }: { wanted: AddressTab; counters: AddressCounters | null | undefined }) =>
        useAddressTabs(ADDR, wanted, answer),
      { initialProps: { wanted: 'NFTs' as AddressTab, counters: undefined as AddressCounters | null | undefined } },
    );
    expect(result.current).toMatchObject({ selected: 'NFTs', pending: true, deadEnd: null });
    rerender({ wanted: 'NFTs', counters: c({ nftCollections: 3 }) });
    expect(result.current).toMatchObject({ selected: 'NFTs', pending: false });
    expect(result.current.tabs).toEqual([...SPEC_TABS, 'NFTs', 'Approvals']);
  });
});
