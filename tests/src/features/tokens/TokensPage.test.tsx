import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUE_TEXTS } from '../../../../src/features/contracts/texts';
import { TokensPage } from '../../../../src/features/tokens/TokensPage';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { ADDR, TOKEN, cataloguePage as page, listItem } from '../addresses/fixtures';
import { pathMatcher, paths } from '../../../../common/api/paths';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe('TokensPage', () => {
  it("shows 'Loading...' in the counts and the list first", () => {
    api = mockApi([[pathMatcher('tokensPage'), 'pending']]);
    renderWithProviders(<TokensPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verified Ruby Tokens' })).toBeInTheDocument();
    expect(screen.getByText('Total Tokens')).toBeInTheDocument();
    expect(screen.getAllByText('Loading...')).toHaveLength(3);
  });

  it("shows 'Total Tokens', 'Verified Tokens' and rows linking to the token and its owner", async () => {
    api = mockApi([[/^\/getTokens\/1\/20$/, page([listItem({ verified: true })], 3, 45, 2)]]);
    renderWithProviders(<TokensPage />);
    const table = await screen.findByRole('table', { name: CATALOGUE_TEXTS.tokensCaption });
    expect(screen.getByText('45')).toBeInTheDocument();
    expect(screen.getByText('2')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Ruby Gold (RGLD)' })).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
    expect(within(table).getByTitle(TOKEN).closest('a')).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
    expect(within(table).getByTitle(ADDR).closest('a')).toHaveAttribute('href', `/address/${ADDR}`);
    expect(within(table).getByText(/^\d+s ago$/)).toBeInTheDocument();
    expect(within(table).getByText('Verified')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api?.calls).toContain(paths.tokensPage({ page: 2, size: 20 })));
  });

  it('marks an NFT collection in the list (issue #38: /Tokens lists them too), and no fungible token', async () => {
    const gems = listItem({ contract_address: ADDR, contractname: 'Ruby Gems', symbol: 'GEM', decimals: null, isNft: true });
    api = mockApi([[/^\/getTokens\/1\/20$/, page([listItem(), gems], 1, 2, 0)]]);
    renderWithProviders(<TokensPage />);
    const table = await screen.findByRole('table', { name: CATALOGUE_TEXTS.tokensCaption });
    const marks = within(table).getAllByText(CATALOGUE_TEXTS.nft);
    expect(marks).toHaveLength(1);
    expect(marks[0]?.closest('tr')).toHaveTextContent('Ruby Gems');
  });

  it('says when there is no token', async () => {
    api = mockApi([[pathMatcher('tokensPage'), page([], 0)]]);
    renderWithProviders(<TokensPage />);
    expect(await screen.findByText(CATALOGUE_TEXTS.noTokens)).toBeInTheDocument();
  });

  it('says when the list could not be loaded', async () => {
    api = mockApi([[pathMatcher('tokensPage'), fail(500, 'boom')]]);
    renderWithProviders(<TokensPage />);
    expect(await screen.findByText(CATALOGUE_TEXTS.tokensFailed)).toBeInTheDocument();
  });
});
