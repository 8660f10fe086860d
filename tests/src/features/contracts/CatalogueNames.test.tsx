/** Issue #25 item 3: the verified lists tell same-named tokens apart and never show a '—' link for a name. */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TokensPage } from '../../../../src/features/tokens/TokensPage';
import { VerifiedContractsPage } from '../../../../src/features/contracts/VerifiedContractsPage';
import { NameTagsContext } from '../../../../src/ui/nameTags';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { DAPP, cataloguePage, listItem } from '../addresses/fixtures';
import { pathMatcher } from '../../../../common/api/paths';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const LP = [
  'r1111111111111111111111111111111111111111',
  'r2222222222222222222222222222222222222222',
  'r3333333333333333333333333333333333333333',
];
const TAGS = new Map([
  ['0x1111111111111111111111111111111111111111', 'RGLD/RUSD LP'],
  ['0x2222222222222222222222222222222222222222', 'RUBYX/RUSD LP'],
  ['0x3333333333333333333333333333333333333333', 'RGLD/RUBYX LP'],
  [`0x${DAPP.slice(1).toLowerCase()}`, 'Ruby DEX Router'],
]);

describe('catalogue names', () => {
  it('three "Ruby LP (RLP)" tokens are told apart by their pair tags', async () => {
    api = mockApi([
      [pathMatcher('tokensPage'), cataloguePage(LP.map((a) => listItem({ contract_address: a, contractname: 'Ruby LP', symbol: 'RLP' })))],
    ]);
    renderWithProviders(
      <NameTagsContext.Provider value={TAGS}>
        <TokensPage />
      </NameTagsContext.Provider>,
    );
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('Ruby LP (RLP)')).toHaveLength(3);
    for (const tag of ['RGLD/RUSD LP', 'RUBYX/RUSD LP', 'RGLD/RUBYX LP']) expect(within(table).getByText(tag)).toBeInTheDocument();
    // The address column keeps the address itself.
    expect(within(table).getByTitle(LP[0]!)).toHaveTextContent('r11111111111...1111');
  });

  it("a contract without a name reads by its tag, or a plain '—' that is not a link", async () => {
    const NAMELESS = 'r4444444444444444444444444444444444444444';
    api = mockApi([
      [
        pathMatcher('contractsPage'),
        cataloguePage([
          listItem({ contract_address: DAPP, contractname: null, contractType: 'dapp' }),
          listItem({ contract_address: NAMELESS, contractname: null, contractType: 'dapp' }),
        ]),
      ],
    ]);
    renderWithProviders(
      <NameTagsContext.Provider value={TAGS}>
        <VerifiedContractsPage />
      </NameTagsContext.Provider>,
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Ruby DEX Router' })).toHaveAttribute('href', `/contractDetail/${DAPP}`);
    const dash = within(table).getByText('—');
    expect(dash.closest('a')).toBeNull();
  });
});
