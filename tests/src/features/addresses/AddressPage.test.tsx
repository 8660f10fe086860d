import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { AddressPage } from '../../../../src/features/addresses/AddressPage';
import { ADDRESS_TEXTS } from '../../../../src/features/addresses/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, ok, mockApi, type ApiMock } from '../../../helpers/fetchMock';
import {
  ADDR,
  ADDR_LOWER_0X,
  DAPP,
  HASH,
  HASH2,
  OTHER,
  TOKEN,
  addressPage,
  counters,
  holding,
  internalTx,
  paged,
  transfer,
  tx,
} from './fixtures';
import { pathMatcher, paths, rawPath } from '../../../../common/api/paths';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function render(address = ADDR) {
  return renderWithProviders(<AddressPage address={address} />, { path: `/address/${address}` });
}

describe('AddressPage', () => {
  it("shows 'Loading...' until the address answers", () => {
    api = mockApi([
      [pathMatcher('userTx'), 'pending'],
      [pathMatcher('addressCounters'), 'pending'],
    ]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Address' })).toBeInTheDocument();
    expect(screen.getAllByText('Loading...').length).toBeGreaterThan(0);
    expect(screen.getByText(ADDR)).toBeInTheDocument();
  });

  it('shows the r… checksum form, the overview and the transactions of a 0x lowercase address', async () => {
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage() }],
      [pathMatcher('addressCounters'), counters()],
    ]);
    render(ADDR_LOWER_0X);
    expect(await screen.findByText('12.5 RUBY')).toBeInTheDocument();
    expect(screen.getByText(ADDR)).toBeInTheDocument();
    expect(screen.getByText('21')).toBeInTheDocument();
    expect(screen.getByText('1,234,567')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Block 99' })).toHaveAttribute('href', '/Block/99');
    const table = screen.getByRole('table', { name: ADDRESS_TEXTS.captions.transactions });
    expect(within(table).getByTitle(HASH).closest('a')).toHaveAttribute('href', `/transaction/${HASH}`);
    expect(within(table).getByTitle(OTHER).closest('a')).toHaveAttribute('href', `/address/${OTHER}`);
    expect(within(table).getByText('Success')).toBeInTheDocument();
    expect(api.calls).toContain(paths.userTx({ address: ADDR_LOWER_0X, page: 1, size: 20 }));
    expect(screen.queryByText(ADDRESS_TEXTS.tokenContract)).toBeNull();
  });

  it("says 'No Trx available' for an address without transactions", async () => {
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage({ result: [], trx_length: 0, totalPages: 0, totalTransactions: 0 }) }],
      [pathMatcher('addressCounters'), counters()],
    ]);
    render();
    expect(await screen.findByText('No Trx available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('a malformed address gets a clear message and no request', () => {
    api = mockApi([]);
    render('rnothex');
    expect(screen.getByRole('alert')).toHaveTextContent(ADDRESS_TEXTS.invalid);
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('an address the API refuses with 400 gets the invalid-address message', async () => {
    api = mockApi([
      [pathMatcher('userTx'), fail(400, 'Invalid address')],
      [pathMatcher('addressCounters'), counters()],
    ]);
    render();
    expect(await screen.findByText(ADDRESS_TEXTS.invalid)).toBeInTheDocument();
  });

  it('a failed fetch says so and offers Retry (never an endless Loading...)', async () => {
    let n = 0;
    api = mockApi([
      [pathMatcher('userTx'), () => (n++ === 0 ? fail(503, 'node down') : { body: addressPage() })],
      [pathMatcher('addressCounters'), counters()],
    ]);
    render();
    expect(await screen.findByText(ADDRESS_TEXTS.loadFailed)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('12.5 RUBY')).toBeInTheDocument();
  });

  it('links a token contract address to its token page', async () => {
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage({ address: TOKEN }) }],
      [pathMatcher('addressCounters'), counters()],
    ]);
    render(TOKEN);
    const link = await screen.findByRole('link', { name: ADDRESS_TEXTS.viewToken });
    expect(link).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
  });

  it('pages the transactions: Next asks page 2, First and previous never go below 1', async () => {
    api = mockApi([
      [/^\/getuserTransction\/.*\/1\/20$/, { body: addressPage() }],
      [/^\/getuserTransction\/.*\/2\/20$/, { body: addressPage({ result: [tx({ hash: HASH2 })], currentPage: 2 }) }],
      [pathMatcher('addressCounters'), counters()],
    ]);
    render();
    await screen.findByText('12.5 RUBY');
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTitle(HASH2)).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(api.calls).toContain(paths.userTx({ address: ADDR, page: 2, size: 20 }));
    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
  });

  describe('tabs', () => {
    beforeEach(() => {
      api = mockApi([
        [pathMatcher('userTx'), { body: addressPage() }],
        [pathMatcher('addressCounters'), counters()],
        [pathMatcher('allTokenBalance'), ok([holding()])],
        [pathMatcher('userTokenTx'), paged([transfer()], 3)],
        [pathMatcher('internalTx'), paged([internalTx()])],
      ]);
    });

    it('Tokens: token → /TokenDetail/{contractAddress}, name and balance', async () => {
      render();
      fireEvent.click(screen.getByRole('tab', { name: 'Tokens' }));
      const link = await screen.findByRole('link', { name: 'Ruby Gold (RGLD)' });
      expect(link).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
      expect(screen.getByText('1,234.5 RGLD')).toBeInTheDocument();
    });

    it('Token transfers: rows with the token amount, the token link and pagination', async () => {
      render();
      fireEvent.click(screen.getByRole('tab', { name: 'Token transfers' }));
      expect(await screen.findByText('2.04 RGLD')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Ruby Gold (RGLD)' })).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
      expect(screen.getByText('Token transfer')).toBeInTheDocument();
      expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(api?.calls).toContain(paths.userTokenTx({ address: ADDR, page: 2, size: 20 })));
    });

    it('a link opens a tab on a page (?tab=token-transfers&page=2); the overview still reads page 1', async () => {
      const { history } = renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}?tab=token-transfers&page=2` });
      expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Token transfers' })).toHaveAttribute('aria-selected', 'true');
      expect(api?.calls).toContain(paths.userTokenTx({ address: ADDR, page: 2, size: 20 }));
      expect(api?.calls).toContain(paths.userTx({ address: ADDR, page: 1, size: 20 }));
      expect(api?.calls.some((c) => c.startsWith(rawPath('userTx', ADDR, '2', '')))).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(history.at(-1)).toBe(`/address/${ADDR}?tab=token-transfers&page=3`);
      fireEvent.click(screen.getByRole('tab', { name: 'Internal txns' }));
      expect(history.at(-1)).toBe(`/address/${ADDR}?tab=internal-txns`);
      expect(await screen.findByText('0.25 RUBY')).toBeInTheDocument();
    });

    it('Internal txns: parent hash, value and call type', async () => {
      render();
      fireEvent.click(screen.getByRole('tab', { name: 'Internal txns' }));
      expect(await screen.findByText('0.25 RUBY')).toBeInTheDocument();
      expect(screen.getByTitle(HASH2).closest('a')).toHaveAttribute('href', `/transaction/${HASH2}`);
      expect(screen.getByText('call')).toBeInTheDocument();
      expect(api?.calls).toContain(paths.internalTx({ address: ADDR, page: 1, size: 20 }));
    });
  });

  it("empty tabs say 'No tokens available' and 'No Trx available'", async () => {
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage() }],
      [pathMatcher('addressCounters'), counters()],
      [pathMatcher('allTokenBalance'), ok([])],
      [pathMatcher('internalTx'), paged([])],
    ]);
    render();
    fireEvent.click(screen.getByRole('tab', { name: 'Tokens' }));
    expect(await screen.findByText('No tokens available')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Internal txns' }));
    expect(await screen.findByText('No Trx available')).toBeInTheDocument();
  });

  it("copies with the detail toast 'copied to clipboard!', even inside the shared transaction list", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage() }],
      [pathMatcher('addressCounters'), counters()],
    ]);
    render();
    await screen.findByText('12.5 RUBY');
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Copy address' })[0] as HTMLElement);
    });
    expect(writeText).toHaveBeenCalledWith(ADDR);
    expect(screen.getByRole('status')).toHaveTextContent('copied to clipboard!');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('table')).getAllByRole('button', { name: 'Copy hash' })[0] as HTMLElement);
    });
    expect(writeText).toHaveBeenLastCalledWith(HASH);
    expect(screen.getByRole('status')).toHaveTextContent(/^copied to clipboard!/);
  });
});

describe('/address/{a}#code (issue #38: the link hardhat-verify and wallets open)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));
  const DAPP_LOWER_0X = `0x${DAPP.slice(1).toLowerCase()}`;

  it("opens a contract's Contract tab (its code), replacing the address page, from the counters alone", async () => {
    window.history.replaceState(null, '', `/address/${DAPP_LOWER_0X}#code`);
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage({ address: DAPP }) }],
      [pathMatcher('addressCounters'), counters()],
    ]);
    // The address page only on its route, as in the app (it leaves the screen when the location moves on).
    const { history } = renderWithProviders(
      <Route path="/address/:a">
        <AddressPage address={DAPP_LOWER_0X} />
      </Route>,
      { path: `/address/${DAPP_LOWER_0X}` },
    );
    await waitFor(() => expect(history.at(-1)).toBe(`/contractDetail/${DAPP}?tab=contract`));
    expect(history).toHaveLength(1);
    // Whether it is a contract came from the counters: no contract page was fetched to learn it.
    expect(api.calls.some((c) => c.startsWith(paths.contractDetail('')))).toBe(false);
  });

  it('keeps a plain address on its page, and asks nothing more', async () => {
    window.history.replaceState(null, '', `/address/${ADDR}#code`);
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage() }],
      [pathMatcher('addressCounters'), counters()],
    ]);
    const { history } = render();
    await waitFor(() => expect(api?.calls).toContain(paths.addressCounters(ADDR)));
    expect(await screen.findByText('12.5 RUBY')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(history.at(-1)).toBe(`/address/${ADDR}`);
    const appWide = [paths.rubyPrice(), paths.nameTags(), paths.indexingStatus()];
    expect([...new Set(api.calls.filter((c) => !appWide.includes(c)))].sort()).toEqual(
      [paths.addressCounters(ADDR), paths.userTx({ address: ADDR, page: 1, size: 20 })].sort(),
    );
  });
});
