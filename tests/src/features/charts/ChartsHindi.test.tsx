/**
 * The charts page in Hindi (issue #21): titles, summaries, data tables and the intro are read while
 * rendering, so they follow the language; counts use hi-IN formatting; English comes back unchanged.
 */
import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartsPage } from '../../../../src/features/charts/ChartsPage';
import { setLocale } from '../../../../src/lib/i18n/locale';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { GRAPH } from '../home/fixtures';
import { hub } from '../home/liveHub';
import { CONTRACT_TX, TOKEN_TX, serveCharts } from './chartsFixtures';

vi.mock('../../../../src/app/socket', async () => (await import('../home/liveHub')).socketModule);

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 30_000 });

const card = (title: string) => screen.getByRole('region', { name: title });

describe('Charts & stats in Hindi', () => {
  beforeEach(() => {
    hub.reset();
    hub.answers.set('getTransactionGraph', { TransactionGraph: GRAPH });
    hub.answers.set('getTokenTransactionGraph', { TokenTransactionGraph: TOKEN_TX });
    hub.answers.set('getContractTransactionGraph', { ContractTransactionGraph: CONTRACT_TX });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    await setLocale('en');
    localStorage.clear();
  });

  it('shows the titles, summaries and data tables in Hindi', async () => {
    await setLocale('hi');
    serveCharts();
    renderWithProviders(<ChartsPage />);
    expect(screen.getByText(/^Ruby चेन की गतिविधि:/)).toBeInTheDocument();

    const countFee = card('प्रति घंटे लेनदेन की संख्या और शुल्क');
    expect(await within(countFee).findByRole('img', { name: 'प्रति घंटे लेनदेन की संख्या और शुल्क: पिछले 24 घंटों में 552 लेनदेन' })).toBeInTheDocument();
    const perHour = card('प्रति घंटा लेनदेन');
    expect(await within(perHour).findByRole('img', { name: 'प्रति घंटा लेनदेन: पिछले 24 घंटों में 552 लेनदेन' })).toBeInTheDocument();
    expect(within(perHour).getByRole('table', { name: 'चार्ट का डेटा: प्रति घंटा लेनदेन' })).toBeInTheDocument();
    expect(within(perHour).getByRole('columnheader', { name: 'घंटा (UTC)' })).toBeInTheDocument();

    const top = card('शीर्ष खातों की शेष राशि');
    expect(
      await within(top).findByRole('img', { name: 'शीर्ष खातों की शेष राशि: सबसे ज़्यादा शेष राशि वाले 30 खाते, सबसे बड़ी राशि पहले' }),
    ).toBeInTheDocument();
    const tokens = card('टोकन लेनदेन');
    expect(await within(tokens).findByRole('img', { name: 'टोकन लेनदेन: 24 टोकन ट्रांसफ़र 00:00 से 23:00 तक (UTC)' })).toBeInTheDocument();
    expect(within(tokens).getByRole('columnheader', { name: 'टोकन ट्रांसफ़र' })).toBeInTheDocument();
  });

  it('gives the English of today again after switching back', async () => {
    await setLocale('hi');
    await setLocale('en');
    serveCharts();
    renderWithProviders(<ChartsPage />);
    const perHour = card('Transactions Per Hour');
    expect(
      await within(perHour).findByRole('img', { name: 'Transactions Per Hour: 552 transactions over the last 24 hours' }),
    ).toBeInTheDocument();
    expect(within(perHour).getByRole('table', { name: 'Data of the chart: Transactions Per Hour' })).toBeInTheDocument();
  });
});
