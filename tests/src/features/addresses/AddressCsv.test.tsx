/** The address page's Download CSV (issue #19): one per exportable tab, each for its own list. */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AddressPage } from '../../../../src/features/addresses/AddressPage';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { ok, mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { ADDR, addressPage, holding, internalTx, paged, transfer } from './fixtures';
import { apiPaths, pathMatcher } from '../../../../common/api/paths';

let api: ApiMock | null = null;
beforeEach(() => {
  api = mockApi([
    [pathMatcher('userTx'), { body: addressPage() }],
    [pathMatcher('searchContract'), ok([])],
    [pathMatcher('allTokenBalance'), ok([holding()])],
    [pathMatcher('userTokenTx'), paged([transfer()], 3)],
    [pathMatcher('internalTx'), paged([internalTx()])],
  ]);
});
afterEach(() => {
  api?.restore();
  api = null;
});

describe('AddressPage Download CSV', () => {
  it.each([
    ['Transactions', 'transactions'],
    ['Token transfers', 'tokentransfers'],
    ['Internal txns', 'internal'],
  ])('the %s tab links to the %s export of this address', async (tab, kind) => {
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}` });
    fireEvent.click(screen.getByRole('tab', { name: tab }));
    fireEvent.click(await screen.findByText('Download CSV'));
    const links = screen.getAllByRole('link', { name: /^Download / });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', apiPaths.exportCsv({ kind, file: `${ADDR}.csv` }));
  });

  it('the Tokens tab has none (balances are not a history)', async () => {
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}` });
    fireEvent.click(screen.getByRole('tab', { name: 'Tokens' }));
    await screen.findByRole('link', { name: 'Ruby Gold (RGLD)' });
    expect(screen.queryByText('Download CSV')).toBeNull();
  });
});
