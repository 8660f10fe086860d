/**
 * Issue #40 item 4 in the SPA: the transaction page's type, live confirmations, EIP-1559 fee rows,
 * blob rows and EIP-7702 authorization list; the block page's burnt fees and reward; the address
 * page's "Delegated to" badge and history; in English and Hindi.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathMatcher } from '../../../../common/api/paths';
import type { TransactionDetail } from '../../../../common/api/transactions';
import type { AddressDelegation } from '../../../../common/api/txKinds';
import { AddressPage } from '../../../../src/features/addresses/AddressPage';
import { BlockPage } from '../../../../src/features/blocks/BlockPage';
import { BLOCK_ROWS } from '../../../../src/features/blocks/texts';
import { TransactionPage } from '../../../../src/features/transactions/TransactionPage';
import { TX_KIND_TEXTS } from '../../../../src/features/transactions/texts';
import { setLocale } from '../../../../src/lib/i18n/locale';
import { mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { addressPage, counters } from '../addresses/fixtures';
import { hub } from '../home/liveHub';
import { FROM, HASH, TO, blockDetail, homeData, txDetail } from './fixtures';

vi.mock('../../../../src/app/socket', async () => (await import('../home/liveHub')).socketModule);
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const ZERO = 'r0000000000000000000000000000000000000000';

function setCodeTx(): TransactionDetail {
  return txDetail({
    type: 4,
    blockNumber: 24,
    gasUsed: '50000',
    confirmations: 2,
    otherDetails: {
      maxFeePerGas: '3000000000',
      maxPriorityFeePerGas: '1000000000',
      effectiveGasPrice: '1500000000',
      gasPriceOffered: null,
      baseFeePerGas: '500000000',
      priorityFeePerGas: '1000000000',
      priorityFee: '50000000000000',
      burntFee: '25000000000000',
      savedFee: '75000000000000',
    },
    authorizationList: [
      {
        index: 0,
        chainId: '18215',
        delegate: TO,
        cleared: false,
        nonce: '3',
        yParity: 0,
        r: '0x1',
        s: '0x2',
        authority: FROM,
        valid: true,
        invalidReason: null,
      },
      {
        index: 1,
        chainId: '0',
        delegate: ZERO,
        cleared: true,
        nonce: '9',
        yParity: 1,
        r: '0x3',
        s: '0x4',
        authority: FROM,
        valid: false,
        invalidReason: 'nonce',
      },
    ],
  });
}

let api: ApiMock | null = null;
beforeEach(() => hub.reset());
afterEach(async () => {
  api?.restore();
  api = null;
  await setLocale('en');
});

/** The value cell of a Details row. */
function row(label: string): HTMLElement {
  const dt = screen.getAllByText(label, { selector: 'dt' })[0]!;
  return dt.nextElementSibling as HTMLElement;
}

describe('modern transaction kinds', () => {
  it('shows the type, fee figures, live confirmations and the authorization list', async () => {
    hub.answers.set('gethomedata', { blockandtrncount: [homeData({ latestBlockNumber: 30 })] });
    api = mockApi([[pathMatcher('txData'), ok(setCodeTx())]]);
    renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
    await screen.findByRole('tab', { name: 'Details' });
    const R = TX_KIND_TEXTS.rows;
    expect(row(R.txType)).toHaveTextContent('Set code (EIP-7702) (type 4)');
    expect(row(R.baseFee)).toHaveTextContent('0.5 Gwei');
    expect(row(R.maxFee)).toHaveTextContent('3 Gwei');
    expect(row(R.maxPriorityFee)).toHaveTextContent('1 Gwei');
    expect(row(R.priorityFee)).toHaveTextContent('0.000050 RUBY (1 Gwei per gas)');
    expect(row(R.burntFee)).toHaveTextContent('0.000025 RUBY');
    expect(row(R.savedFee)).toHaveTextContent('0.000075 RUBY');
    expect(screen.queryByText(R.blobHashes)).toBeNull();
    // The API said 2; the live head (30) says 30 − 24 + 1 = 7, then a pushed block makes it 8.
    await waitFor(() => expect(row(R.confirmations)).toHaveTextContent('7 block confirmations'));
    await waitFor(() => expect(hub.listenerCount('gethomedata')).toBe(1)); // following the pushes
    act(() => hub.push('gethomedata', { blockandtrncount: [homeData({ latestBlockNumber: 31 })] }));
    // RTK batches cache patches to the next frame: wait for it.
    await waitFor(() => expect(row(R.confirmations)).toHaveTextContent('8 block confirmations'));

    const table = screen.getByRole('table', { name: TX_KIND_TEXTS.authorizations.caption });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: /^rCf7Ed3AccA5/ })).toHaveAttribute('href', `/address/${TO}`);
    expect(rows[0]).toHaveTextContent('18215');
    expect(rows[0]).toHaveTextContent('Valid');
    expect(rows[1]).toHaveTextContent('cleared (zero address)');
    expect(rows[1]).toHaveTextContent('0 (any chain)');
    expect(rows[1]).toHaveTextContent('Invalid: wrong nonce');
  });

  it('shows the same rows in Hindi', async () => {
    await setLocale('hi');
    api = mockApi([[pathMatcher('txData'), ok(setCodeTx())]]);
    renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
    await screen.findAllByRole('tab');
    expect(row('लेनदेन का प्रकार')).toHaveTextContent('सेट कोड (EIP-7702) (प्रकार 4)');
    expect(row('जलाया गया शुल्क')).toHaveTextContent('RUBY');
    expect(row('पुष्टियाँ')).toHaveTextContent('2 ब्लॉक पुष्टियाँ');
    const table = screen.getByRole('table', { name: 'इस लेनदेन के EIP-7702 प्राधिकरण' });
    expect(table).toHaveTextContent('अमान्य: गलत नॉन्स');
  });

  it("shows a block's burnt fees and reward", async () => {
    api = mockApi([
      [pathMatcher('block'), { body: { status: true, result: blockDetail(), blockdata: blockDetail(), transactionData: [] } }],
    ]);
    renderWithProviders(<BlockPage blockNumber="24" />, { path: '/Block/24' });
    await screen.findByRole('tab', { name: 'Details' });
    expect(row(BLOCK_ROWS.burntFees)).toHaveTextContent('0.000817032615 RUBY');
    expect(row(BLOCK_ROWS.reward)).toHaveTextContent('0.000021 RUBY');
  });

  it("shows an account's delegation badge and history, in English and Hindi", async () => {
    const delegation: AddressDelegation = {
      delegate: TO,
      history: [
        { delegate: TO, cleared: false, blockNumber: 30, timestamp: 1_795_336_000, txHash: HASH },
        { delegate: null, cleared: true, blockNumber: 20, timestamp: 1_795_335_000, txHash: HASH.replace('69', '70') },
      ],
    };
    const mocks = () =>
      mockApi([
        [pathMatcher('userTx'), { body: addressPage() }],
        [pathMatcher('addressCounters'), counters({ delegation })],
      ]);
    api = mocks();
    const view = renderWithProviders(<AddressPage address={FROM} />, { path: `/address/${FROM}` });
    const badge = await screen.findByRole('note', { name: 'EIP-7702 delegation of this account' });
    expect(badge).toHaveTextContent(/^Delegated to rCf7Ed3AccA5/);
    const history = screen.getByRole('table', { name: 'Changes of this account’s EIP-7702 delegation, newest first' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => (r as HTMLTableRowElement).cells[0]?.textContent)).toEqual(['Set', 'Cleared']);
    expect(within(rows[0]!).getByRole('link', { name: '30' })).toHaveAttribute('href', '/Block/30');
    view.unmount();
    api.restore();

    await setLocale('hi');
    api = mocks();
    renderWithProviders(<AddressPage address={FROM} />, { path: `/address/${FROM}` });
    expect(await screen.findByRole('note', { name: 'इस खाते का EIP-7702 प्रत्यायोजन' })).toHaveTextContent(/^प्रत्यायोजित:/);
    expect(screen.getByRole('heading', { name: 'प्रत्यायोजन इतिहास (EIP-7702)' })).toBeInTheDocument();
  });
});
