/** Issue #28: "not available" (a node without call traces) is never shown as "none". */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { NO_TRACES_NOTICE } from '../../../../common/api/capabilities';
import { EMPTY_TEXTS } from '../../../../common/spec';
import { InternalTxnsTab } from '../../../../src/sections/addresses/InternalTxnsTab';
import { TransactionPage } from '../../../../src/features/transactions/TransactionPage';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { HASH, FROM, txDetail } from '../transactions/fixtures';
import { pathMatcher } from '../../../../common/api/paths';

vi.setConfig({ testTimeout: 20_000 });

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

it('the transaction tabs show the notice, not the empty text, when internal calls are not available', async () => {
  api = mockApi([
    [
      pathMatcher('txData'),
      ok(txDetail({ internalTransactions: null, rawTrace: null, internalTransactionsUnavailable: NO_TRACES_NOTICE })),
    ],
  ]);
  renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
  fireEvent.click(await screen.findByRole('tab', { name: 'Internal txns' }));
  expect(screen.getByText(NO_TRACES_NOTICE)).toBeInTheDocument();
  expect(screen.queryByText(EMPTY_TEXTS.noInternal)).toBeNull();
  fireEvent.click(screen.getByRole('tab', { name: 'Raw trace' }));
  expect(screen.getByText(NO_TRACES_NOTICE)).toBeInTheDocument();
});

it("the address's Internal txns tab says 'not available' for an empty list from untraced blocks", async () => {
  const page = { totalTransactions: 0, totalPages: 0, currentPage: 1 };
  api = mockApi([[pathMatcher('internalTx'), ok([], { ...page, internalTransactionsUnavailable: NO_TRACES_NOTICE })]]);
  renderWithProviders(<InternalTxnsTab address={FROM} caption="Internal transactions" />, { path: `/address/${FROM}` });
  expect(await screen.findByText(NO_TRACES_NOTICE)).toBeInTheDocument();
  expect(screen.queryByText(EMPTY_TEXTS.noTrx)).toBeNull();
});
