/**
 * Issue #38 item 19: the address page of a contract links straight to its Code, Read contract and
 * Write contract (it offered only "View contract"), and such a link opens that view.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressPage } from '../../../../src/features/addresses/AddressPage';
import { ADDRESS_TEXTS } from '../../../../src/features/addresses/texts';
import { ContractDetailPage } from '../../../../src/features/contracts/ContractDetailPage';
import { READ_TEXTS } from '../../../../src/sections/contract/readTexts';
import { WRITE_TEXTS } from '../../../../src/sections/contract/writeTexts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { DAPP, TOKEN, addressPage, contractDetail, counters, paged } from './fixtures';
import { pathMatcher } from '../../../../common/api/paths';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const V = ADDRESS_TEXTS.contractViews;
const ABI = [{ type: 'function', name: 'label', inputs: [], outputs: [{ name: '', type: 'string' }], stateMutability: 'view' }];

describe("a contract's address page (issue #38 item 19)", () => {
  it('links to the Code, Read contract and Write contract of a contract', async () => {
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage({ address: DAPP }) }],
      [pathMatcher('addressCounters'), counters()],
    ]);
    renderWithProviders(<AddressPage address={DAPP} />, { path: `/address/${DAPP}` });
    const views = await screen.findByRole('navigation', { name: V.label });
    expect(within(views).getByRole('link', { name: V.code })).toHaveAttribute('href', `/contractDetail/${DAPP}?tab=contract`);
    expect(within(views).getByRole('link', { name: V.read })).toHaveAttribute('href', `/contractDetail/${DAPP}?tab=contract&view=read`);
    expect(within(views).getByRole('link', { name: V.write })).toHaveAttribute('href', `/contractDetail/${DAPP}?tab=contract&view=write`);
  });

  it("a token's links go to its token page", async () => {
    api = mockApi([
      [pathMatcher('userTx'), { body: addressPage({ address: TOKEN }) }],
      [pathMatcher('addressCounters'), counters()],
    ]);
    renderWithProviders(<AddressPage address={TOKEN} />, { path: `/address/${TOKEN}` });
    const views = await screen.findByRole('navigation', { name: V.label });
    expect(within(views).getByRole('link', { name: V.read })).toHaveAttribute('href', `/TokenDetail/${TOKEN}?tab=contract&view=read`);
  });

  it('?tab=contract&view=read opens Read contract; the view buttons follow the URL', async () => {
    api = mockApi([
      [pathMatcher('contractDetail'), ok(contractDetail({ verified: true, abi: ABI, contractcode: 'contract C {}' }))],
      [pathMatcher('readContract'), ok([{ name: '', type: 'string', value: 'ruby counter' }])],
      [pathMatcher('internalTx'), paged([])],
      [pathMatcher('userTx'), { body: addressPage({ address: DAPP }) }],
    ]);
    const { history } = renderWithProviders(<ContractDetailPage contractAddress={DAPP} />, {
      path: `/contractDetail/${DAPP}?tab=contract&view=read`,
    });
    expect(await screen.findByRole('button', { name: READ_TEXTS.read })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('ruby counter')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: WRITE_TEXTS.write }));
    expect(screen.getByRole('button', { name: WRITE_TEXTS.write })).toHaveAttribute('aria-pressed', 'true');
    expect(history.at(-1)).toBe(`/contractDetail/${DAPP}?tab=contract&view=write`);
  });
});
