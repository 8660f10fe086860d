import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '../../../../src/features/home/HomePage';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, ok } from '../../../helpers/fetchMock';
import { BLOCKS, HOME, LIVE, block, tx } from './fixtures';
import { answerLive, serveApi } from './homeSetup';
import { hub } from './liveHub';
import { pathMatcher, paths } from '../../../../common/api/paths';

vi.mock('../../../../src/app/socket', async () => (await import('./liveHub')).socketModule);

const panel = (name: string) => screen.getByRole('region', { name });
const tile = (label: string) => screen.getByText(label).closest('.stat-tile') as HTMLElement;
const count = (calls: string[], path: string) => calls.filter((c) => c === path).length;
/** Lets the channel's automatic answers (delivered on a 0 ms timer) arrive. */
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 20)));

// Whole-page renders with charts are slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('HomePage live updates and failures', () => {
  beforeEach(() => {
    hub.reset();
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('pushes from the channel update tiles, blocks and transactions without a reload', async () => {
    serveApi();
    answerLive();
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(within(tile('Total blocks')).getByText('101')).toBeInTheDocument());
    await waitFor(() => expect(hub.listenerCount('gethomedata')).toBeGreaterThan(0));
    await settle();
    act(() => hub.push('gethomedata', { blockandtrncount: [{ ...HOME, latestBlockNumber: 101, trx_length: 2000 }] }));
    // RTK batches cache patches to the next frame: wait for it.
    await waitFor(() => expect(within(tile('Total blocks')).getByText('102')).toBeInTheDocument());
    expect(within(tile('Total Transaction')).getByText('2,000')).toBeInTheDocument();

    await waitFor(() => expect(hub.listenerCount('subscribe')).toBeGreaterThan(0));
    await settle();
    const fresh = tx(999, { value: 7, valueWei: '7000000000000000000' });
    act(() => hub.push('subscribe', { ...LIVE, TransactionHistories: [fresh, ...LIVE.TransactionHistories] }));
    await waitFor(() => expect(within(panel('Latest Transactions')).getByText('7 RUBY')).toBeInTheDocument());
  });

  it(
    'a new head on the getblock channel refetches the deploy lists; the per-block chart follows the push (no polling)',
    { timeout: 40_000 },
    async () => {
      const api = serveApi();
      answerLive();
      renderWithProviders(<HomePage />);
      await within(panel('Latest Blocks')).findByText('Block #100');
      await waitFor(() => expect(hub.listenerCount('getblock')).toBeGreaterThan(0));
      await waitFor(() => expect(count(api.calls, paths.blockChart())).toBe(1));
      const chart = () => within(panel('Block Transaction')).getByRole('img');
      // The chart component loads lazily: slow on a busy machine.
      await waitFor(() => expect(chart()).toHaveAttribute('aria-label', expect.stringContaining('latest 5 blocks')), { timeout: 15_000 });
      // The channel's first answer repeats the head: nothing to refetch.
      await settle();
      expect(count(api.calls, paths.tokenDeploy())).toBe(1);

      act(() => hub.push('getblock', { blockdata: [block(101, 9), ...BLOCKS] }));
      await waitFor(() => expect(within(panel('Latest Blocks')).getByText('Block #101')).toBeInTheDocument());
      expect(within(panel('Latest Blocks')).getByText('Txn: 9')).toBeInTheDocument();
      await waitFor(() => expect(count(api.calls, paths.tokenDeploy())).toBe(2));
      expect(count(api.calls, paths.contractDeploy())).toBe(2);
      // The chart is the pushed blocks' counts, with no call of its own.
      await waitFor(() => expect(chart()).toHaveAttribute('aria-label', expect.stringContaining('latest 6 blocks')), { timeout: 15_000 });
      expect(count(api.calls, paths.blockChart())).toBe(1);
    },
  );

  it("a failed home call is logged only; the tiles stay on 'Loading...' until the channel answers", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveApi([[pathMatcher('homeData'), fail(500, 'boom')]]);
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Error fetching home data', expect.objectContaining({ status: 500 })));
    expect(within(tile('Total blocks')).getByText('Loading...')).toBeInTheDocument();
    act(() => hub.push('gethomedata', { blockandtrncount: [HOME] }));
    await waitFor(() => expect(within(tile('Total blocks')).getByText('101')).toBeInTheDocument());
  });

  it('a network failure of the block list also falls back to the channel', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveApi([[pathMatcher('latestBlocks'), 'network']]);
    hub.answers.set('getblock', { blockdata: BLOCKS });
    renderWithProviders(<HomePage />);
    expect(await within(panel('Latest Blocks')).findByText('Block #100')).toBeInTheDocument();
  });

  it('a failed chart call ends loading with an empty chart (specification: search and home)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveApi([
      [pathMatcher('transactionGraph'), fail(500, 'boom')],
      [pathMatcher('blockChart'), fail(500, 'boom')],
    ]);
    renderWithProviders(<HomePage />);
    expect(await within(panel('Transaction Count & Fees per Hour')).findByText('No data')).toBeInTheDocument();
    expect(await within(panel('Block Transaction')).findByText('No data')).toBeInTheDocument();
    expect(within(panel('Transaction Count & Fees per Hour')).queryByText('Loading...')).toBeNull();
  });

  it('refetches when the tab becomes visible again, keeping the data meanwhile', async () => {
    const api = serveApi();
    answerLive();
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(within(tile('Total blocks')).getByText('101')).toBeInTheDocument());
    await within(panel('Latest Token')).findByText('Token 1');
    const asked = hub.emitted.filter((e) => e === 'subscribe').length;
    api.use([[pathMatcher('homeData'), ok({ ...HOME, latestBlockNumber: 500 })]]);

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(count(api.calls, paths.homeData())).toBe(1);

    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(within(tile('Total blocks')).getByText('101')).toBeInTheDocument();
    await waitFor(() => expect(within(tile('Total blocks')).getByText('501')).toBeInTheDocument());
    expect(count(api.calls, paths.tokenDeploy())).toBe(2);
    // The live-only lists ask the channel again.
    expect(hub.emitted.filter((e) => e === 'subscribe').length).toBeGreaterThan(asked);
  });

  it('status line: live with the newest block, connecting, node not answering, or the indexing progress', async () => {
    const api = serveApi();
    renderWithProviders(<HomePage />);
    const status = panel('Live status');
    await waitFor(() => expect(status).toHaveTextContent('Live · latest block #100'));
    act(() => hub.setConnected(false));
    expect(status).toHaveTextContent('Connecting to the live feed...');
    act(() => hub.setConnected(true));
    expect(status).toHaveTextContent('Live');

    api.use([
      [
        pathMatcher('indexingStatus'),
        ok({
          indexedBlock: 120,
          head: 120,
          percent: 100,
          catchingUp: false,
          node: { reachable: false, downSince: 1_700_000_000_000, lastBlock: 120 },
        }),
      ],
    ]);
    renderWithProviders(<HomePage />);
    await waitFor(() =>
      expect(screen.getAllByRole('region', { name: 'Live status' })[1]).toHaveTextContent(
        'Not live: the node is not answering; latest indexed block #120',
      ),
    );

    api.use([[pathMatcher('indexingStatus'), ok({ indexedBlock: 50, head: 200, percent: 25, catchingUp: true })]]);
    renderWithProviders(<HomePage variant="aa" />);
    await waitFor(() =>
      expect(screen.getAllByRole('region', { name: 'Live status' })[2]).toHaveTextContent('Indexing block 50 of 200 (25%)'),
    );
  });
});
