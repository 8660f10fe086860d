import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GasTrackerPage, formatGwei } from '../../../../src/features/gas/GasTrackerPage';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, ok, mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { pathMatcher } from '../../../../common/api/paths';
import type { GasTracker } from '../../../../common/api/gasTracker';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const level = (priorityGwei: number) => {
  const base = 1_000_000_000n;
  const tip = BigInt(priorityGwei) * 1_000_000_000n;
  return { priorityFeeWei: tip.toString(), gasPriceWei: (base + tip).toString(), transferFeeWei: ((base + tip) * 21_000n).toString() };
};

const gas: GasTracker = {
  blockNumber: 1234,
  baseFeeWei: '1000000000',
  sampleBlocks: 20,
  sampleTransactions: 57,
  low: level(1),
  average: level(2),
  high: level(12_000),
  hourly: [
    { hour: 1_700_000_000 - (1_700_000_000 % 3600), baseFeeWei: '875000000', blocks: 300, gasUsed: '6300000' },
    { hour: 1_700_003_600 - (1_700_003_600 % 3600), baseFeeWei: '1000000000', blocks: 310, gasUsed: '7000000' },
  ],
};

// The page's lazy chart chunk and two queries: room on a busy machine, as the other page tests give.
describe('GasTrackerPage', { timeout: 20_000 }, () => {
  it('shows the three levels in Gwei with what a transfer costs, the base fee, the newest block and the pool', async () => {
    api = mockApi([
      [pathMatcher('gasTracker'), ok(gas)],
      [pathMatcher('pendingTx'), { body: { status: true, result: [], pendingTransactions: 9, limit: 200, poolAvailable: true } }],
    ]);
    renderWithProviders(<GasTrackerPage />, { path: '/GasTracker' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gas Tracker' })).toBeInTheDocument();
    const high = await screen.findByRole('region', { name: /High/ });
    expect(within(high).getByText('12,001 Gwei')).toBeInTheDocument();
    expect(within(high).getByText('12,000 Gwei priority fee')).toBeInTheDocument();
    expect(within(high).getByText('0.252021 RUBY')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /Low/ })).getByText('2 Gwei')).toBeInTheDocument();
    expect(screen.getByText('From 57 transactions in the last 20 blocks.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1,234' })).toHaveAttribute('href', '/Block/1234');
    const pool = await screen.findByRole('link', { name: '9' });
    expect(pool).toHaveAttribute('href', '/Alltransactions?tab=pending');
    expect(pool).toHaveAttribute('title', 'See the pending transactions');
    expect(screen.getByRole('heading', { level: 2, name: 'Base fee per hour, last 24 hours' })).toBeInTheDocument();
  });

  it('says why and offers a retry when the figures cannot be loaded', async () => {
    api = mockApi([
      [pathMatcher('gasTracker'), fail(503, 'Database unavailable')],
      [pathMatcher('pendingTx'), 'pending'],
    ]);
    renderWithProviders(<GasTrackerPage />, { path: '/GasTracker' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The gas figures could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('formats Gwei grouped with at most 4 decimals', () => {
    expect(formatGwei('1000500000')).toBe('1.0005 Gwei');
    expect(formatGwei('12000000000000')).toBe('12,000 Gwei');
    // The one formatter: a non-zero price never reads as 0.
    expect(formatGwei('1')).toBe('<0.0001 Gwei');
  });
});
