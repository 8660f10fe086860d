import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartsPage } from '../../../../src/features/charts/ChartsPage';
import { CHART_TITLES } from '../../../../src/features/charts/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { GRAPH } from '../home/fixtures';
import { hub } from '../home/liveHub';
import { CONTRACT_TX, TOKEN_TX, failAll, hours, pendAll, serveCharts } from './chartsFixtures';
import { paths } from '../../../../common/api/paths';

vi.mock('../../../../src/app/socket', async () => (await import('../home/liveHub')).socketModule);
// The clock at the edge: the live chart asks REST after 50 ms of channel silence instead of 5 s.
vi.mock('../../../../src/features/charts/texts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/features/charts/texts')>()),
  LIVE_FIRST_ANSWER_MS: 50,
}));

// Ten charts' SVG make jsdom's role queries slow: one test took 21.7 s with three files at once on a
// loaded 2-core machine, and an 8 s wait for a chart ran out (CI 2026-11-27). Guards against a hang.
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 30_000 });

const TITLES = Object.values(CHART_TITLES);
const card = (title: string) => screen.getByRole('region', { name: title });

/** Accessible summaries of the loaded charts, by title. */
const SUMMARIES: Record<string, string> = {
  [CHART_TITLES.countFee]: 'Transaction Count & Fees per Hour: 552 transactions over the last 24 hours',
  [CHART_TITLES.perHour]: 'Transactions Per Hour: 552 transactions over the last 24 hours',
  [CHART_TITLES.feesPerHour]: 'Transaction Fees per Hour: 0.276 RUBY in fees over the last 24 hours',
  [CHART_TITLES.feeDoughnut]: 'Transaction Fee: share of each hour in 0.276 RUBY of fees over the last 24 hours',
  [CHART_TITLES.topAccounts]: 'Top Account Balances: balances of the 30 richest accounts, largest first',
  [CHART_TITLES.blocks]: 'Block Transaction: transactions in each of the latest 5 blocks',
  [CHART_TITLES.tokenTransactions]: 'Token Transactions: 24 token transfers from 00:00 to 23:00 (UTC)',
  [CHART_TITLES.tokenDeploys]: 'Latest Token Deploys: 4 token deployments from 2024-11-01 to 2024-11-14 (UTC)',
  [CHART_TITLES.contractDeploys]: 'Latest Contract Deploys: 15 contract deployments from 2024-11-01 to 2024-11-14 (UTC)',
  [CHART_TITLES.contractTransactions]: 'Contract Transactions Over Time: 36 contract transactions from 00:00 to 23:00 (UTC)',
};

function answerChannels() {
  hub.answers.set('getTransactionGraph', { TransactionGraph: GRAPH });
  hub.answers.set('getTokenTransactionGraph', { TokenTransactionGraph: TOKEN_TX });
  hub.answers.set('getContractTransactionGraph', { ContractTransactionGraph: CONTRACT_TX });
}

describe('Charts & stats', () => {
  beforeEach(() => {
    hub.reset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows every chart's title at the start and 'Loading...' until data arrives", async () => {
    const api = serveCharts(pendAll());
    renderWithProviders(<ChartsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Charts & stats' })).toBeInTheDocument();
    expect(TITLES).toHaveLength(10);
    for (const title of TITLES) {
      const region = card(title);
      expect(region.firstElementChild).toHaveTextContent(title);
      expect(region.firstElementChild).toHaveClass('chart-card__title');
      expect(within(region).getByText('Loading...')).toBeInTheDocument();
    }
    // Still loading after the live chart gave up on the channel and asked REST (which hangs).
    await waitFor(() => expect(api.calls.some((c) => /\/getContractTransactionGraph$/.test(c))).toBe(true));
    expect(within(card(CHART_TITLES.contractTransactions)).getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });

  it('draws every chart from its data, with a summary and a data table behind each', async () => {
    const api = serveCharts();
    answerChannels();
    renderWithProviders(<ChartsPage />);
    for (const title of TITLES) {
      const region = card(title);
      expect(await within(region).findByRole('img', { name: SUMMARIES[title] })).toBeInTheDocument();
      expect(within(region).queryByText('Loading...')).toBeNull();
      expect(within(region).getByRole('table', { name: `Data of the chart: ${title}` })).toBeInTheDocument();
    }
    expect(api.calls).toContain(paths.topAccountsPage({ page: 1, size: 30 }));
    // The live chart took the channel's answer: REST was not needed.
    expect(api.calls).not.toContain(paths.contractTransactionGraph());
    expect(hub.emitted).toEqual(expect.arrayContaining(['getTransactionGraph', 'getTokenTransactionGraph', 'getContractTransactionGraph']));

    const hourly = within(card(CHART_TITLES.perHour)).getByRole('table');
    expect(within(hourly).getAllByRole('row')).toHaveLength(25);
    expect(within(hourly).getByRole('row', { name: 'Hour 23 46 0.023' })).toBeInTheDocument();
  });

  it("'Top Account Balances': 30 bars, no x labels, tooltip 'Balance: {n}'", async () => {
    serveCharts();
    answerChannels();
    const { container } = renderWithProviders(<ChartsPage />);
    const region = card(CHART_TITLES.topAccounts);
    await within(region).findByRole('img');
    expect(region.querySelectorAll('.chart__bar')).toHaveLength(30);
    expect(region.querySelectorAll('.visx-axis-bottom .visx-axis-tick')).toHaveLength(0);
    expect(within(within(region).getByRole('table')).getAllByRole('row')).toHaveLength(31);
    const user = userEvent.setup();
    await user.hover(region.querySelectorAll('.chart__hit')[0] as Element);
    expect(await within(region).findByText('Balance: 30,000.5')).toHaveClass('chart__tooltip');
    await user.unhover(region.querySelectorAll('.chart__hit')[0] as Element);
    await waitFor(() => expect(container.querySelector('.chart__tooltip')).toBeNull());
  });

  it("'Transaction Fee' is a doughnut by hour with its legend on the right; the line charts have hour tooltips", async () => {
    serveCharts();
    answerChannels();
    renderWithProviders(<ChartsPage />);
    const region = card(CHART_TITLES.feeDoughnut);
    await within(region).findByRole('img');
    // Hour 0 has no fee: 23 slices, 23 legend entries, legend after (right of) the ring.
    expect(region.querySelectorAll('.chart__slice')).toHaveLength(23);
    const legend = region.querySelector('.chart__side-legend') as HTMLElement;
    expect(legend.previousElementSibling?.tagName.toLowerCase()).toBe('svg');
    // aria-hidden: the data table tells the same to assistive technology.
    expect(legend.querySelectorAll('li')).toHaveLength(23);
    expect(within(legend).getByText('Hour 23')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.hover(region.querySelectorAll('.chart__slice')[22] as Element);
    expect(await within(region).findByText('Hour 23: 0.023 RUBY (8.3%)')).toBeInTheDocument();

    const fees = card(CHART_TITLES.feesPerHour);
    await user.hover(fees.querySelectorAll('.chart__hit')[5] as Element);
    expect(await within(fees).findByText('Hour 5: 0.005 RUBY in fees')).toBeInTheDocument();

    const countFee = card(CHART_TITLES.countFee);
    expect(within(countFee).getAllByText('Total fee (RUBY)').length).toBeGreaterThan(0);
    await user.hover(countFee.querySelectorAll('.chart__hit')[2] as Element);
    expect(await within(countFee).findByText('Hour 2: 4 transactions, fee 0.002 RUBY')).toBeInTheDocument();
  });

  it("a failed call ends each chart's loading with an empty chart, logged only", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveCharts(failAll());
    renderWithProviders(<ChartsPage />);
    for (const title of TITLES) {
      expect(await within(card(title)).findByText('No data')).toBeInTheDocument();
      expect(within(card(title)).queryByText('Loading...')).toBeNull();
      expect(within(card(title)).queryByRole('table')).toBeNull();
    }
    expect(error).toHaveBeenCalledWith('Error fetching chart data', expect.objectContaining({ status: 500 }));
  });

  it("'Contract Transactions Over Time' and the token chart follow the live channel", async () => {
    serveCharts();
    answerChannels();
    renderWithProviders(<ChartsPage />);
    const live = card(CHART_TITLES.contractTransactions);
    await within(live).findByRole('img', { name: SUMMARIES[CHART_TITLES.contractTransactions] });
    await waitFor(() => expect(hub.listenerCount('getContractTransactionGraph')).toBeGreaterThan(0));
    act(() => hub.push('getContractTransactionGraph', { ContractTransactionGraph: hours(() => 2) }));
    expect(
      await within(live).findByRole('img', { name: 'Contract Transactions Over Time: 48 contract transactions from 00:00 to 23:00 (UTC)' }),
    ).toBeInTheDocument();

    const token = card(CHART_TITLES.tokenTransactions);
    await waitFor(() => expect(hub.listenerCount('getTokenTransactionGraph')).toBeGreaterThan(0));
    act(() => hub.push('getTokenTransactionGraph', { TokenTransactionGraph: hours((i) => (i === 23 ? 5 : 0)) }));
    expect(
      await within(token).findByRole('img', { name: 'Token Transactions: 5 token transfers from 00:00 to 23:00 (UTC)' }),
    ).toBeInTheDocument();
  });

  it('the live chart falls back to REST when the channel stays silent', async () => {
    const api = serveCharts();
    renderWithProviders(<ChartsPage />);
    const live = card(CHART_TITLES.contractTransactions);
    expect(await within(live).findByRole('img', { name: SUMMARIES[CHART_TITLES.contractTransactions] })).toBeInTheDocument();
    expect(api.calls).toContain(paths.contractTransactionGraph());
  });
});
