/**
 * Issue #25, item 8: a send the server refuses shows its reason, not only 'Transaction failed'. The real flow
 * (sendMachine → walletFlows.sendTransaction → walletClient) signs in the browser; the network edge answers as the
 * relay does when the node refuses the transaction.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../common/spec';
import { SendModal } from '../../src/features/wallet/SendModal';
import { keyVault } from '../../src/features/wallet/keyVault';
import { WALLET_TEXTS } from '../../src/features/wallet/texts';
import { failureMessage } from '../../src/machines/sendMachine';
import { mockApi, type ApiMock } from '../helpers/fetchMock';
import { pathMatcher, paths } from '../../common/api/paths';
import { renderScreen } from './modelHarness';

vi.setConfig({ testTimeout: 30_000 });

const KEY = `0x${'59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'}`;
const REFUSAL = 'Insufficient funds for gas * price + value';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  keyVault.clear();
});

describe('Send: the reason of a refusal', () => {
  it("shows the server's answer after 'Transaction failed'", async () => {
    keyVault.setKey(KEY);
    api = mockApi([
      [
        pathMatcher('prepareTx'),
        {
          body: {
            status: true,
            result: { chainId: 18215, nonce: 0, gasLimit: '21000', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000' },
          },
        },
      ],
      [pathMatcher('sendRawTx'), { status: 400, body: { status: false, message: REFUSAL } }],
    ]);
    renderScreen(<SendModal kind="coin" email="ann@example.com" unlocked onDone={() => {}} />, '/Dashboard');
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(WALLET_TEXTS.recipient), { target: { value: `r${'ab'.repeat(20)}` } });
    fireEvent.change(within(dialog).getByLabelText(WALLET_TEXTS.amount), { target: { value: '1000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: WALLET_TEXTS.send }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(`${MESSAGES.transactionFailed}: ${REFUSAL}`));
    expect(api.requests.map((r) => r.path)).toEqual([paths.prepareTx(), paths.sendRawTx()]);
  });

  it('failureMessage: the reason capitalised after the spec text; none when there is none', () => {
    expect(failureMessage(new Error('the wallet is locked'))).toBe('Transaction failed: The wallet is locked');
    expect(failureMessage(new Error(''))).toBe(MESSAGES.transactionFailed);
    expect(failureMessage(undefined)).toBe(MESSAGES.transactionFailed);
  });
});
