/**
 * Issue #17: the home's first screen from one request (/getHomeScreen). With it answered, the
 * page shows every panel without the six separate calls and without the channel's first push,
 * and then follows the channel as before; when it fails, the separate calls fill the page.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '../../../../src/features/home/HomePage';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, ok } from '../../../helpers/fetchMock';
import { BLOCKS, GRAPH, HOME, LIVE, block } from './fixtures';
import { CONTRACTS, TOKENS, serveApi } from './homeSetup';
import { hub } from './liveHub';
import { pathMatcher, paths } from '../../../../common/api/paths';
import type { HomeScreen } from '../../../../common/api/homeScreen';

vi.mock('../../../../src/app/socket', async () => (await import('./liveHub')).socketModule);

const panel = (name: string) => screen.getByRole('region', { name });
const tile = (label: string) => screen.getByText(label).closest('.stat-tile') as HTMLElement;

vi.setConfig({ testTimeout: 20_000 });

const SCREEN: HomeScreen = {
  home: { ...HOME, latestBlockNumber: 100 },
  latestBlocks: BLOCKS,
  transactionGraph: GRAPH,
  blockChart: BLOCKS.map((b) => ({ blockNumber: b.blockNumber, Trx: b.Trx })).reverse(),
  tokenDeploys: TOKENS,
  contractDeploys: CONTRACTS,
  transactions: LIVE,
};

/** The separate first-screen calls the combined one replaces. */
const SEPARATE = [
  paths.homeData(),
  paths.latestBlocks(),
  paths.transactionGraph(),
  paths.blockChart(),
  paths.tokenDeploy(),
  paths.contractDeploy(),
];

describe('HomePage first screen in one request', () => {
  beforeEach(() => {
    hub.reset();
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('fills every panel from /getHomeScreen alone, no separate call, no wait for the channel', async () => {
    const api = serveApi([[pathMatcher('homeScreen'), ok(SCREEN)]]);
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(within(tile('Total blocks')).getByText('101')).toBeInTheDocument());
    expect(await within(panel('Latest Blocks')).findByText('Block #100')).toBeInTheDocument();
    expect(await within(panel('Latest Token')).findByText('Token 1')).toBeInTheDocument();
    expect(await within(panel('Latest Contract')).findByText('App 1')).toBeInTheDocument();
    // The live-only lists come from the same answer: the channel has answered nothing yet.
    expect(within(panel('Latest Transactions')).queryByText('Loading...')).toBeNull();
    expect(within(panel('Token Transactions')).queryByText('Loading...')).toBeNull();
    expect(api.calls.filter((c) => c === paths.homeScreen())).toHaveLength(1);
    for (const p of SEPARATE)
      expect(
        api.calls.filter((c) => c === p),
        p,
      ).toHaveLength(0);

    // Then live as before: a pushed block shows.
    await waitFor(() => expect(hub.listenerCount('getblock')).toBeGreaterThan(0));
    act(() => hub.push('getblock', { blockdata: [block(101, 9), ...BLOCKS] }));
    await waitFor(() => expect(within(panel('Latest Blocks')).getByText('Block #101')).toBeInTheDocument());
  });

  it('when /getHomeScreen fails, the separate calls fill the page', async () => {
    const api = serveApi([[pathMatcher('homeScreen'), fail(500, 'boom')]]);
    hub.answers.set('subscribe', LIVE);
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(within(tile('Total blocks')).getByText('101')).toBeInTheDocument());
    expect(await within(panel('Latest Token')).findByText('Token 1')).toBeInTheDocument();
    for (const p of SEPARATE)
      expect(
        api.calls.filter((c) => c === p),
        p,
      ).toHaveLength(1);
  });
});
