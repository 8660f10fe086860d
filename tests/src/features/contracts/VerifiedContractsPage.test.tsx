import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUE_TEXTS } from '../../../../src/features/contracts/texts';
import { VerifiedContractsPage } from '../../../../src/features/contracts/VerifiedContractsPage';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { ADDR, DAPP, cataloguePage as page, listItem } from '../addresses/fixtures';
import { pathMatcher, paths } from '../../../../common/api/paths';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe('VerifiedContractsPage', () => {
  it("shows 'Loading...' first", () => {
    api = mockApi([[pathMatcher('contractsPage'), 'pending']]);
    renderWithProviders(<VerifiedContractsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verified Ruby contracts' })).toBeInTheDocument();
    expect(screen.getAllByText('Loading...')).toHaveLength(3);
  });

  it('shows the counts and rows linking to /contractDetail/{contract_address}', async () => {
    const dapp = listItem({ contract_address: DAPP, contractname: 'Ruby Gems', symbol: null, contractType: 'dapp' });
    api = mockApi([
      [/^\/getContracts\/1\/20$/, page([dapp, listItem({ contract_address: ADDR, contractname: null, contractType: 'dapp' })], 2, 31, 4)],
    ]);
    renderWithProviders(<VerifiedContractsPage />);
    const table = await screen.findByRole('table', { name: CATALOGUE_TEXTS.contractsCaption });
    expect(screen.getByText(CATALOGUE_TEXTS.totalContracts).nextElementSibling).toHaveTextContent('31');
    expect(screen.getByText(CATALOGUE_TEXTS.verifiedContracts).nextElementSibling).toHaveTextContent('4');
    // What the list holds, said plainly (issue #38: the 'Verified' title lists every contract, as its counts do).
    expect(screen.getByText(CATALOGUE_TEXTS.contractsNote)).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Ruby Gems' })).toHaveAttribute('href', `/contractDetail/${DAPP}`);
    expect(within(table).getByTitle(DAPP).closest('a')).toHaveAttribute('href', `/contractDetail/${DAPP}`);
    // A nameless contract: a plain '—' (issue #25 item 3), reached through its address link.
    expect(within(table).getByText('—').closest('a')).toBeNull();
    expect(
      within(table)
        .getAllByTitle(ADDR)
        .map((e) => e.closest('a')?.getAttribute('href')),
    ).toContain(`/contractDetail/${ADDR}`);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api?.calls).toContain(paths.contractsPage({ page: 2, size: 20 })));
  });

  it('says when there is no contract', async () => {
    api = mockApi([[pathMatcher('contractsPage'), page([], 0)]]);
    renderWithProviders(<VerifiedContractsPage />);
    expect(await screen.findByText(CATALOGUE_TEXTS.noContracts)).toBeInTheDocument();
  });

  it('says when the list could not be loaded', async () => {
    api = mockApi([[pathMatcher('contractsPage'), fail(500, 'boom')]]);
    renderWithProviders(<VerifiedContractsPage />);
    expect(await screen.findByText(CATALOGUE_TEXTS.contractsFailed)).toBeInTheDocument();
  });
});
