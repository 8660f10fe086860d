/**
 * Issue #38 items 10 and 16 on the transaction page: the detail shows exact figures (a fee of
 * 0.000034584554761875 RUBY once read 0.000035), and a failed token transfer says what it
 * attempted, marked failed, with no row that reads as tokens moved.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TransactionPage } from '../../../../src/features/transactions/TransactionPage';
import { TX_ROWS } from '../../../../src/features/transactions/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { HASH, TO, TOKEN, txDetail } from './fixtures';
import { pathMatcher } from '../../../../common/api/paths';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function row(label: string): HTMLElement {
  const dt = screen.getAllByText(label, { selector: 'dt' })[0]!;
  return dt.nextElementSibling as HTMLElement;
}

describe('transaction detail figures (issue #38 item 16)', () => {
  it('shows the fee and the value exactly: every digit, zero as 0', async () => {
    api = mockApi([
      [
        pathMatcher('txData'),
        ok(txDetail({ fee: 0.000035, feeWei: '34584554761875', value: 0, valueWei: '0', amount: 0, amountWei: '0', transactiontype: 3 })),
      ],
    ]);
    renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
    await screen.findByRole('tab', { name: 'Details' });
    expect(row(TX_ROWS.fee)).toHaveTextContent(/^0\.000034584554761875 RUBY$/);
    expect(row(TX_ROWS.value)).toHaveTextContent(/^0 RUBY$/);
  });

  it('shows a token amount exactly, grouped', async () => {
    api = mockApi([
      [
        pathMatcher('txData'),
        ok(
          txDetail({
            transactiontype: 2,
            transactionType: 'Token transfer',
            to: TOKEN,
            value: 0,
            valueWei: '0',
            tokenAddress: TOKEN,
            tokenSymbol: 'RUSD',
            tokenDecimals: 18,
            tokenValue: 337.1234567,
            tokenValueWei: '1337123456789012345678',
          }),
        ),
      ],
    ]);
    renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
    await screen.findByRole('tab', { name: 'Details' });
    expect(row(TX_ROWS.tokenAmount)).toHaveTextContent(/^1,337\.123456789012345678 RUSD$/);
  });
});

describe('a failed token transfer (issue #38 item 10)', () => {
  it('says what it attempted, marked failed, with no token amount row', async () => {
    api = mockApi([
      [
        pathMatcher('txData'),
        ok(
          txDetail({
            status: 0,
            transactiontype: 2,
            transactionType: 'Token transfer',
            functionName: 'transfer',
            to: TOKEN,
            value: 0,
            valueWei: '0',
            decodedInput: [{ _to: TO, _value: '100000000000000000000000000' }],
            tokenAddress: TOKEN,
            tokenName: 'Ruby Gold',
            tokenSymbol: 'RGLD',
            tokenDecimals: 18,
            tokenValue: 100_000_000,
            tokenValueWei: '100000000000000000000000000',
            tokenTransfers: [],
          }),
        ),
      ],
    ]);
    renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
    await screen.findByRole('tab', { name: 'Details' });
    const summary = document.querySelector('.detail-summary')!;
    expect(summary).toHaveTextContent('Failed: Token transfer of 100,000,000.000000 RGLD to rCf7Ed3AccA5...0Fc9 (nothing moved)');
    expect(summary).not.toHaveTextContent(/re7f1725E7734/);
    expect(screen.queryByText(TX_ROWS.tokenAmount, { selector: 'dt' })).toBeNull();
    expect(row(TX_ROWS.status)).toHaveTextContent('Failed');
  });

  it('a failed coin transfer keeps its value but says nothing moved', async () => {
    api = mockApi([[pathMatcher('txData'), ok(txDetail({ status: 0 }))]]);
    renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
    await screen.findByRole('tab', { name: 'Details' });
    expect(document.querySelector('.detail-summary')).toHaveTextContent(
      'Failed: Coin transfer of 1.500000 RUBY to rCf7Ed3AccA5...0Fc9 (nothing moved)',
    );
    expect(row(TX_ROWS.value)).toHaveTextContent('1.500000 RUBY (nothing moved)');
  });
});
