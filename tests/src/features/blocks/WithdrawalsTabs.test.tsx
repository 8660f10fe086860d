/**
 * The Withdrawals tab (EIP-4895, issue #28) of the block and address pages: shown only when there
 * is something to show, with index, validator index, address or block, and the amount in RUBY.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WithdrawalItem } from '../../../../common/api/withdrawals';
import { AddressPage } from '../../../../src/features/addresses/AddressPage';
import { BlockPage } from '../../../../src/features/blocks/BlockPage';
import { WITHDRAWAL_COLUMNS, WITHDRAWAL_TEXTS } from '../../../../src/features/blocks/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { ADDR, addressPage, counters, paged } from '../addresses/fixtures';
import { mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { blockDetail, homeData } from '../transactions/fixtures';
import { pathMatcher, paths } from '../../../../common/api/paths';

vi.setConfig({ testTimeout: 20_000 });

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const T = Math.floor(Date.now() / 1000) - 60;
const withdrawal = (over: Partial<WithdrawalItem> = {}): WithdrawalItem => ({
  blockNumber: 24,
  timestamp: T,
  createdAt: new Date(T * 1000).toISOString(),
  index: '1000',
  validatorIndex: '77',
  address: ADDR,
  amount: 0.0325,
  amountWei: '32500000000000000',
  ...over,
});
const block = () => {
  const b = blockDetail();
  return { body: { status: true, result: b, blockdata: b, transactionData: [] } };
};
const blockRoutes = (withdrawals: WithdrawalItem[]): Parameters<typeof mockApi>[0] => [
  [pathMatcher('block'), block()],
  [pathMatcher('homeData'), ok(homeData())],
  [/^\/getblockwithdrawals\/24$/, ok(withdrawals)],
];

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('Withdrawals tab on the block page', () => {
  it('lists the block’s withdrawals: index, validator index, address, amount in RUBY', async () => {
    api = mockApi(
      blockRoutes([withdrawal(), withdrawal({ index: '1001', validatorIndex: '78', amount: 32, amountWei: '32000000000000000000' })]),
    );
    renderWithProviders(<BlockPage blockNumber="24" />, { path: '/Block/24' });
    fireEvent.click(await screen.findByRole('tab', { name: WITHDRAWAL_TEXTS.tab }));
    expect(tabNames()).toEqual(['Details', 'Transactions', 'Blob txns', 'Withdrawals']);
    const table = screen.getByRole('table', { name: WITHDRAWAL_TEXTS.blockCaption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([WITHDRAWAL_COLUMNS.index, WITHDRAWAL_COLUMNS.validatorIndex, WITHDRAWAL_COLUMNS.address, WITHDRAWAL_COLUMNS.amount]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('1000');
    expect(rows[0]).toHaveTextContent('77');
    expect(rows[0]).toHaveTextContent('0.0325 RUBY');
    expect(within(rows[0]!).getByTitle(ADDR).closest('a')).toHaveAttribute('href', `/address/${ADDR}`);
    expect(rows[1]).toHaveTextContent('32 RUBY');
    expect(api.calls).toContain(paths.blockWithdrawals(24));
  });

  it('shows no Withdrawals tab for a block without any, nor when the list fails', async () => {
    for (const routes of [blockRoutes([]), blockRoutes([]).slice(0, 2)]) {
      api = mockApi(routes);
      const { unmount } = renderWithProviders(<BlockPage blockNumber="24" />, { path: '/Block/24' });
      await screen.findByRole('tab', { name: 'Details' });
      await vi.waitFor(() => expect(api!.calls).toContain(paths.blockWithdrawals(24)));
      await new Promise((r) => setTimeout(r, 50));
      expect(tabNames()).toEqual(['Details', 'Transactions', 'Blob txns']);
      unmount();
      api.restore();
    }
  });
});

describe('Withdrawals tab on the address page', () => {
  const addressRoutes = (handler: (path: string) => { body: unknown }, has: boolean): Parameters<typeof mockApi>[0] => [
    [pathMatcher('userTx'), { body: addressPage() }],
    [pathMatcher('addressCounters'), counters({ withdrawals: has })],
    [pathMatcher('withdrawals'), handler],
  ];

  it('lists the address’s withdrawals by block, paged like the other tabs', async () => {
    api = mockApi(
      addressRoutes(
        (path) =>
          path.includes('/2/')
            ? { body: { ...paged([withdrawal({ index: '5', blockNumber: 3 })], 2, 2).body, totalTransactions: 21 } }
            : { body: { ...paged([withdrawal()], 2, 1).body, totalTransactions: 21 } },
        true,
      ),
    );
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}` });
    fireEvent.click(await screen.findByRole('tab', { name: WITHDRAWAL_TEXTS.tab }));
    const table = await screen.findByRole('table', { name: 'Withdrawals credited to the address' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([WITHDRAWAL_COLUMNS.index, WITHDRAWAL_COLUMNS.validatorIndex, WITHDRAWAL_COLUMNS.block, WITHDRAWAL_COLUMNS.amount]);
    expect(within(table).getByRole('link', { name: '24' })).toHaveAttribute('href', '/Block/24');
    expect(table).toHaveTextContent('0.0325 RUBY');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Withdrawals pages' })).getByRole('button', { name: /next/i }));
    expect(await screen.findByRole('link', { name: '3' })).toHaveAttribute('href', '/Block/3');
    expect(api.calls).toContain(paths.withdrawals({ address: ADDR, page: 2, size: 20 }));
  });

  it('shows no Withdrawals tab for an address without any', async () => {
    api = mockApi(addressRoutes(() => paged([], 0), false));
    renderWithProviders(<AddressPage address={ADDR} />, { path: `/address/${ADDR}` });
    await screen.findByRole('tab', { name: 'Internal txns' });
    await vi.waitFor(() => expect(api!.calls).toContain(paths.addressCounters(ADDR)));
    await new Promise((r) => setTimeout(r, 50));
    expect(tabNames()).toEqual(['Transactions', 'Tokens', 'Token transfers', 'Internal txns', 'Approvals']);
    // Decided by the counters: the list itself is not fetched to learn it is empty.
    expect(api.calls.some((c) => c.startsWith(paths.withdrawals({ address: ADDR, page: 1, size: 20 })))).toBe(false);
  });
});
