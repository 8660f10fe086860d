/**
 * Issue #38 item 18: the palette offers every page a user can reach (Gas Tracker, Watchlist, Sign up, Report issue,
 * Feature request, Verify, Deploy, …), found by words besides their labels ('gas' finds Gas Tracker, not Charts), and
 * offers "Verify & publish" only for a contract whose source is not verified (not for a plain wallet address).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { palettePages } from '../../../../../src/features/search/palette/pages';
import { PaletteHost } from '../../../../../src/features/search/palette/PaletteHost';
import { pathMatcher } from '../../../../../common/api/paths';
import { mockFetch, ok, type Reply } from '../../../../helpers/fetchMock';
import { renderWithProviders } from '../../../utils/renderWithProviders';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
const WALLET = `r${'12'.repeat(20)}`;
const CONTRACT = `r${'34'.repeat(20)}`;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function open(path: string, contract: Reply) {
  // The contract directory lists CONTRACT (a dapp), not WALLET: only a listed contract's detail is asked.
  const { calls } = mockFetch([
    [/^\/searchcontract/, ok([{ contractname: 'Box', contract_address: CONTRACT, contractType: 'dapp' }])],
    [pathMatcher('contractDetail'), contract],
  ]);
  const r = renderWithProviders(<PaletteHost />, { path });
  fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
  const input = await screen.findByRole('combobox');
  return { ...r, input, calls };
}
const pagesGroup = () => screen.getByRole('group', { name: 'Pages' });

describe('palette pages', () => {
  it('lists the footer and account pages beside the header ones, each once', () => {
    const hrefs = palettePages().map((p) => p.href);
    for (const href of ['/GasTracker', '/Watchlist', '/Signup', '/IssueForm', '/Featurerequest', '/Deploycontract', '/Api', '/Dashboard'])
      expect(hrefs).toContain(href);
    expect(palettePages().map((p) => p.label)).toContain('Verify & Publish contract source');
    expect(new Set(palettePages().map((p) => p.id)).size).toBe(palettePages().length);
  });

  it("'gas' offers Gas Tracker and not Charts; Enter opens it", async () => {
    const { input, history } = await open('/', ok(null));
    fireEvent.change(input, { target: { value: 'gas' } });
    await waitFor(() => expect(within(pagesGroup()).getAllByRole('option')[0]).toHaveTextContent('Gas Tracker'));
    expect(within(pagesGroup()).queryByRole('option', { name: /Charts/ })).toBeNull();
    fireEvent.change(input, { target: { value: 'report' } });
    await waitFor(() => expect(within(pagesGroup()).getAllByRole('option')[0]).toHaveTextContent('Report issue'));
    fireEvent.change(input, { target: { value: 'watch' } });
    await waitFor(() => expect(within(pagesGroup()).getAllByRole('option')[0]).toHaveTextContent('Watchlist'));
    fireEvent.click(within(pagesGroup()).getAllByRole('option')[0]!);
    await waitFor(() => expect(history.at(-1)).toBe('/Watchlist'));
  });
});

describe('Verify & publish in the palette', () => {
  const verifyOption = () => screen.queryByRole('option', { name: /Verify & publish the source/ });

  it('is not offered on a wallet address page (the address is no contract)', async () => {
    const { calls } = await open(`/address/${WALLET}`, { status: 404, body: { status: false, message: 'Contract not found' } });
    await screen.findByRole('option', { name: /Copy this address/ });
    await new Promise((r) => setTimeout(r, 100));
    // Not even asked: a 404 is a console error in the browser.
    expect(calls.some((c) => pathMatcher('contractDetail').test(c))).toBe(false);
    expect(verifyOption()).toBeNull();
  });

  it('is offered on a contract page whose contract the directory does not list (unnamed, unverified)', async () => {
    const unnamed = `r${'56'.repeat(20)}`;
    await open(`/contractDetail/${unnamed}`, ok({ contractAddress: unnamed, verified: false }));
    await waitFor(() => expect(verifyOption()).not.toBeNull());
  });

  it('is offered for a contract not verified, not for a verified one', async () => {
    const { unmount } = await open(`/address/${CONTRACT}`, ok({ contractAddress: CONTRACT, verified: false }));
    await waitFor(() => expect(verifyOption()).not.toBeNull());
    unmount();
    await open(`/address/${CONTRACT}`, ok({ contractAddress: CONTRACT, verified: true }));
    await screen.findByRole('option', { name: /Copy this address/ });
    await new Promise((r) => setTimeout(r, 100));
    expect(verifyOption()).toBeNull();
  });
});
