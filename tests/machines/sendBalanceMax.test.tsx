/**
 * Issue #25, item 8: the Send dialog shows the balance, a network fee estimate (from the relay's /preparetx, as the
 * send itself uses) and a Max button: the coin balance less the fee, or the whole token balance.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendModal } from '../../src/features/wallet/SendModal';
import { WALLET_TEXTS } from '../../src/features/wallet/texts';
import { mockApi, type ApiMock } from '../helpers/fetchMock';
import { pathMatcher, paths } from '../../common/api/paths';
import { renderScreen } from './modelHarness';

vi.setConfig({ testTimeout: 30_000 });

const FROM = `r${'12'.repeat(20)}`;
// 21,000 gas × 2 gwei = 0.000042 RUBY.
const PREPARED = { chainId: 18215, nonce: 3, gasLimit: '21000', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000' };

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const amountBox = () => within(screen.getByRole('dialog')).getByLabelText(WALLET_TEXTS.amount) as HTMLInputElement;

describe('Send dialog: balance, fee estimate, Max', () => {
  it('coin: shows the grouped balance and the fee; Max fills the balance less the fee, exactly', async () => {
    api = mockApi([[pathMatcher('prepareTx'), { body: { status: true, result: PREPARED } }]]);
    renderScreen(
      <SendModal
        kind="coin"
        email="ann@example.com"
        unlocked
        onDone={() => {}}
        funds={{ from: FROM, balanceWei: '1234500000000000000000', decimals: 18, symbol: 'RUBY' }}
      />,
      '/Dashboard',
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('1,234.5 RUBY')).toBeInTheDocument();
    expect(await within(dialog).findByText('0.00004 RUBY')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: WALLET_TEXTS.max }));
    expect(amountBox().value).toBe('1234.499958');
    const asked = api.requests.find((r) => r.path === paths.prepareTx());
    expect(asked?.body).toMatchObject({ from: FROM, to: FROM, value: '0' });
  });

  it('token: Max fills the whole token balance; the fee is paid in RUBY', async () => {
    api = mockApi([[pathMatcher('prepareTx'), { body: { status: true, result: PREPARED } }]]);
    renderScreen(
      <SendModal
        kind="token"
        token={{ address: `r${'cd'.repeat(20)}`, decimals: 6, symbol: 'RUSD' }}
        email="ann@example.com"
        unlocked
        onDone={() => {}}
        funds={{ from: FROM, balanceWei: '330000000', decimals: 6, symbol: 'RUSD' }}
      />,
      '/Dashboard',
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('330 RUSD')).toBeInTheDocument();
    expect(await within(dialog).findByText('0.00004 RUBY')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: WALLET_TEXTS.max }));
    expect(amountBox().value).toBe('330');
  });

  it('when the estimate cannot be had, says so and Max for the coin stays disabled', async () => {
    api = mockApi([[pathMatcher('prepareTx'), { status: 503, body: { status: false, message: 'node down' } }]]);
    renderScreen(
      <SendModal
        kind="coin"
        email="ann@example.com"
        unlocked
        onDone={() => {}}
        funds={{ from: FROM, balanceWei: '10', decimals: 18, symbol: 'RUBY' }}
      />,
      '/Dashboard',
    );
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByText(WALLET_TEXTS.feeUnknown)).toBeInTheDocument());
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: WALLET_TEXTS.max })).toBeDisabled();
  });
});
