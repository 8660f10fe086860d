import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TopAccountsPage, formatPercentage } from '../../../../src/features/addresses/TopAccountsPage';
import { TOP_ACCOUNTS_TEXTS } from '../../../../src/features/addresses/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { ADDR, OTHER, paged, topAccount } from './fixtures';
import { pathMatcher, paths } from '../../../../common/api/paths';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe('TopAccountsPage', () => {
  it("shows 'Loading...' first", () => {
    api = mockApi([[pathMatcher('topAccountsPage'), 'pending']]);
    renderWithProviders(<TopAccountsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Top accounts' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('ranks accounts with address, balance and the percentage the API computed', async () => {
    api = mockApi([
      [
        /^\/getTopaccounts\/1\/20$/,
        paged([topAccount(), topAccount({ rank: 2, address: OTHER, balance: 3, balanceWei: '3000000000000000000', percentage: 0 })], 4),
      ],
      [/^\/getTopaccounts\/2\/20$/, paged([topAccount({ rank: 21 })], 4, 2)],
    ]);
    renderWithProviders(<TopAccountsPage />);
    const table = await screen.findByRole('table', { name: TOP_ACCOUNTS_TEXTS.caption });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('1')).toBeInTheDocument();
    expect(
      within(rows[1] as HTMLElement)
        .getByTitle(ADDR)
        .closest('a'),
    ).toHaveAttribute('href', `/address/${ADDR}`);
    expect(within(rows[1] as HTMLElement).getByText('10,000.8 RUBY')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('0.0037%')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('0%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('21')).toBeInTheDocument();
    await waitFor(() => expect(api?.calls).toContain(paths.topAccountsPage({ page: 2, size: 20 })));
  });

  it('says when there is no account', async () => {
    api = mockApi([[pathMatcher('topAccountsPage'), paged([], 0)]]);
    renderWithProviders(<TopAccountsPage />);
    expect(await screen.findByText(TOP_ACCOUNTS_TEXTS.empty)).toBeInTheDocument();
  });

  it('says when the list could not be loaded', async () => {
    api = mockApi([[pathMatcher('topAccountsPage'), fail(503, 'down')]]);
    renderWithProviders(<TopAccountsPage />);
    expect(await screen.findByText(TOP_ACCOUNTS_TEXTS.loadFailed)).toBeInTheDocument();
  });
});

describe('formatPercentage', () => {
  it.each([
    [12.5, '12.5%'],
    [0.00367917193845718, '0.0037%'],
    [0.00001, '<0.0001%'],
    [0, '0%'],
    [100, '100%'],
  ])('%s → %s', (v, text) => expect(formatPercentage(v)).toBe(text));
});
