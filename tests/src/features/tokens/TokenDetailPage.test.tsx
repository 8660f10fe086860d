import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTRACT_TEXTS } from '../../../../src/features/contracts/texts';
import { TokenDetailPage } from '../../../../src/features/tokens/TokenDetailPage';
import { TOKEN_TEXTS } from '../../../../src/features/tokens/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, ok, mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { ADDR, HASH, HASH2, OTHER, TOKEN, internalTx, paged, tokenData, transfer } from '../addresses/fixtures';
import { pathMatcher, paths } from '../../../../common/api/paths';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function render(address = TOKEN) {
  return renderWithProviders(<TokenDetailPage contractAddress={address} />, { path: `/TokenDetail/${address}` });
}

const loaded = (over = {}) =>
  mockApi([
    [pathMatcher('tokenData'), ok(tokenData(over))],
    [/^\/getTokenTransction\/.*\/1\/200$/, paged([transfer(), transfer({ hash: HASH2, logIndex: 1, status: 0 })], 2)],
    [/^\/getTokenTransction\/.*\/2\/200$/, paged([], 2, 2)],
    [pathMatcher('internalTx'), paged([internalTx({ from: TOKEN, to: OTHER })])],
  ]);

describe('TokenDetailPage', () => {
  it("shows 'Loading...' until the token answers", () => {
    api = mockApi([
      [pathMatcher('tokenData'), 'pending'],
      [pathMatcher('tokenTx'), 'pending'],
    ]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Token' })).toBeInTheDocument();
    expect(screen.getAllByText('Loading...').length).toBeGreaterThanOrEqual(2);
  });

  it('a token behind a proxy shows "Proxy → implementation" linked to the implementation (issue #27)', async () => {
    api = loaded({
      proxy: {
        kind: 'eip1967',
        implementation: OTHER,
        implementationName: 'RubyTokenV2',
        implementationVerified: true,
        implementationAbi: [],
        history: [{ event: 'Upgraded', implementation: OTHER, blockNumber: 7, txHash: HASH }],
        live: true,
      },
    });
    render();
    const heading = await screen.findByRole('heading', { level: 2, name: /Proxy → implementation/ });
    expect(within(heading).getByText('(RubyTokenV2)')).toBeInTheDocument();
    expect(heading.querySelector(`a[href="/contractDetail/${OTHER}"]`)).not.toBeNull();
  });

  it('a token that is no proxy shows no proxy section', async () => {
    api = loaded({ proxy: null });
    render();
    await screen.findByRole('region', { name: TOKEN_TEXTS.overview });
    expect(screen.queryByRole('heading', { level: 2, name: /Proxy → implementation/ })).toBeNull();
  });

  it('shows name, symbol, balance in RUBY, total supply, creator and the real counts', async () => {
    api = loaded();
    render();
    const overview = await screen.findByRole('region', { name: TOKEN_TEXTS.overview });
    const value = (label: string) => within(overview).getByText(label).nextElementSibling;
    expect(value(TOKEN_TEXTS.name)).toHaveTextContent('Ruby Gold');
    expect(value(TOKEN_TEXTS.symbol)).toHaveTextContent('RGLD');
    expect(value(TOKEN_TEXTS.balance)).toHaveTextContent('0.5 RUBY');
    expect(value(TOKEN_TEXTS.totalSupply)).toHaveTextContent('10,000,000 RGLD');
    expect(within(overview).getByTitle(ADDR).closest('a')).toHaveAttribute('href', `/address/${ADDR}`);
    expect(value(TOKEN_TEXTS.transactions)).toHaveTextContent('64');
    expect(value(TOKEN_TEXTS.transfers)).toHaveTextContent('120');
    expect(value(TOKEN_TEXTS.holders)).toHaveTextContent('38');
    expect(screen.getByText('Ruby Gold (RGLD)')).toBeInTheDocument();
  });

  it('Token transfers: type label, amount, lowercase real status, pages of 200', async () => {
    api = loaded();
    render();
    const table = await screen.findByRole('table', { name: TOKEN_TEXTS.transfersCaption });
    expect(within(table).getAllByText('Token transfer')).toHaveLength(2);
    expect(within(table).getAllByText('2.04 RGLD')).toHaveLength(2);
    expect(within(table).getByText('success')).toBeInTheDocument();
    expect(within(table).getByText('failed')).toBeInTheDocument();
    expect(within(table).getByTitle(HASH).closest('a')).toHaveAttribute('href', `/transaction/${HASH}`);
    expect(within(table).getAllByTitle(OTHER)[0]?.closest('a')).toHaveAttribute('href', `/address/${OTHER}`);
    expect(within(table).getAllByText(/^\d+s ago$/)).toHaveLength(2);
    expect(api.calls).toContain(paths.tokenTx({ contractAddress: TOKEN, page: 1, size: 200 }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('No Trx available')).toBeInTheDocument();
    expect(api.calls).toContain(paths.tokenTx({ contractAddress: TOKEN, page: 2, size: 200 }));
  });

  it('the transfers page and size live in the URL (?page=, ?ps=): a link opens them, a move pushes', async () => {
    api = mockApi([
      [/^\/getTokenData\//, ok(tokenData())],
      [/^\/getTokenTransction\/.*\/3\/50$/, paged([transfer()], 4, 3)],
      [/^\/getTokenTransction\/.*\/4\/50$/, paged([transfer({ hash: HASH2 })], 4, 4)],
    ]);
    const { history } = renderWithProviders(<TokenDetailPage contractAddress={TOKEN} />, { path: `/TokenDetail/${TOKEN}?page=3&ps=50` });
    expect(await screen.findByText('Page 3 of 4')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50');
    expect(api.calls).toContain(paths.tokenTx({ contractAddress: TOKEN, page: 3, size: 50 }));
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(await screen.findByText('Page 4 of 4')).toBeInTheDocument();
    expect(history).toEqual([`/TokenDetail/${TOKEN}?page=3&ps=50`, `/TokenDetail/${TOKEN}?page=4&ps=50`]);
    expect(api.calls).toContain(paths.tokenTx({ contractAddress: TOKEN, page: 4, size: 50 }));
  });

  it('Internal txns: the token contract’s internal transactions', async () => {
    api = loaded();
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Internal txns' }));
    expect(await screen.findByText('0.25 RUBY')).toBeInTheDocument();
    await waitFor(() => expect(api?.calls).toContain(paths.internalTx({ address: TOKEN, page: 1, size: 20 })));
  });

  it('Contract: the bytecode and a note when the source is not verified', async () => {
    api = loaded();
    render();
    await screen.findByRole('region', { name: TOKEN_TEXTS.overview });
    fireEvent.click(screen.getByRole('tab', { name: 'Contract' }));
    expect(screen.getByText(CONTRACT_TEXTS.notVerified)).toBeInTheDocument();
    expect(screen.getByText('0x6080604052')).toBeInTheDocument();
  });

  it('Contract: the ABI and source code when verified', async () => {
    api = loaded({ verified: true, abi: [{ type: 'function', name: 'transfer' }], contractcode: 'contract RubyGold {}' });
    render();
    await screen.findByRole('region', { name: TOKEN_TEXTS.overview });
    fireEvent.click(screen.getByRole('tab', { name: 'Contract' }));
    expect(screen.getByRole('heading', { name: CONTRACT_TEXTS.abi })).toBeInTheDocument();
    // The code is highlighted (split into spans): read the blocks' text.
    const code = [...document.querySelectorAll('pre.code-block')].map((el) => el.textContent).join('\n');
    expect(code).toContain('"name": "transfer"');
    expect(code).toContain('contract RubyGold {}');
    expect(screen.queryByText(CONTRACT_TEXTS.notVerified)).toBeNull();
  });

  it('an unknown token gets a clear not-found message', async () => {
    api = mockApi([
      [pathMatcher('tokenData'), fail(404, 'Token not found')],
      [pathMatcher('tokenTx'), fail(404, 'Token not found')],
    ]);
    render(ADDR);
    expect(await screen.findByText(TOKEN_TEXTS.notFound)).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('a malformed address gets a clear message and no request', () => {
    api = mockApi([]);
    render('0x123');
    expect(screen.getByRole('alert')).toHaveTextContent(TOKEN_TEXTS.invalid);
    expect(api.calls).toEqual([]);
  });

  it('a failed fetch says so', async () => {
    api = mockApi([
      [pathMatcher('tokenData'), fail(503, 'down')],
      [pathMatcher('tokenTx'), fail(503, 'down')],
    ]);
    render();
    expect(await screen.findByText(TOKEN_TEXTS.loadFailed)).toBeInTheDocument();
  });

  it('an empty token has no transfers', async () => {
    api = mockApi([
      [pathMatcher('tokenData'), ok(tokenData({ transfers: 0, holders: 0 }))],
      [pathMatcher('tokenTx'), paged([], 0)],
    ]);
    render();
    expect(await screen.findByText('No Trx available')).toBeInTheDocument();
  });
});
