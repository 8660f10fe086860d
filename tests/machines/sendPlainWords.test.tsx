/**
 * Issue #38, defect 12, on the Send dialog (the real flow: sendMachine → walletFlows → walletClient; the network edge
 * answers as the relay does): the amount is checked against the balance shown and the token's decimals before anything
 * is signed; the node's and ethers' words come out plain; the token dialog asks for no private key.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { assertArgument } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../common/spec';
import { pathMatcher, paths } from '../../common/api/paths';
import { SendModal } from '../../src/features/wallet/SendModal';
import { keyVault } from '../../src/features/wallet/keyVault';
import { WALLET_TEXTS } from '../../src/features/wallet/texts';
import { SEND_TEXTS, WALLET_FORM_TEXTS } from '../../src/lib/walletTexts';
import { failureMessage } from '../../src/machines/sendMachine';
import { mockApi, type ApiMock } from '../helpers/fetchMock';
import { ANVIL_INSUFFICIENT_BALANCE } from '../helpers/nodeWords';
import { renderScreen } from './modelHarness';

vi.setConfig({ testTimeout: 30_000 });

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const FROM = `r${'12'.repeat(20)}`;
const TO = `r${'ab'.repeat(20)}`;
const TOKEN = { address: `r${'cd'.repeat(20)}`, decimals: 18, symbol: 'RGLD' };
// 21,000 gas × 2 gwei = 0.000042 RUBY.
const PREPARED = { chainId: 18215, nonce: 3, gasLimit: '21000', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000' };
const ok = { body: { status: true, result: PREPARED } };

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  keyVault.clear();
});

const dialog = () => screen.getByRole('dialog');
function fill(recipient: string, amount: string) {
  fireEvent.change(within(dialog()).getByLabelText(WALLET_TEXTS.recipient), { target: { value: recipient } });
  fireEvent.change(within(dialog()).getByLabelText(WALLET_TEXTS.amount), { target: { value: amount } });
  fireEvent.click(within(dialog()).getByRole('button', { name: WALLET_TEXTS.send }));
}
/** Requests that would build or send the user's transfer (the fee estimate asks /preparetx for a send to oneself). */
const transferRequests = () =>
  (api?.requests ?? []).filter(
    (r) => r.path === paths.sendRawTx() || (r.path === paths.prepareTx() && JSON.stringify(r.body).toLowerCase().includes('ab'.repeat(20))),
  );

function tokenDialog(balance: string) {
  renderScreen(
    <SendModal
      kind="token"
      token={TOKEN}
      email="ann@example.com"
      unlocked
      onDone={() => {}}
      funds={{ from: FROM, balanceWei: balance, decimals: 18, symbol: 'RGLD', coinBalanceWei: (5n * 10n ** 18n).toString() }}
    />,
    '/Dashboard',
  );
}

describe('Send: checked before signing, said plainly', () => {
  it('the token dialog asks for no private key (the wallet signs)', () => {
    api = mockApi([[pathMatcher('prepareTx'), 'pending']]);
    tokenDialog('10000000000000000000');
    expect(within(dialog()).queryByLabelText(/private key/i)).toBeNull();
    expect(
      within(dialog()).getAllByRole('textbox').length + within(dialog()).queryAllByLabelText(WALLET_TEXTS.accountPassword).length,
    ).toBe(2);
  });

  it('a token amount above the balance shown is refused in plain words; nothing is signed or sent', async () => {
    keyVault.setKey(KEY);
    api = mockApi([[pathMatcher('prepareTx'), ok]]);
    tokenDialog('10000000000000000000');
    await within(dialog()).findByText('0.00004 RUBY');
    fill(TO, '100');
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Not enough RGLD: balance 10, needed 100.');
    await new Promise((r) => setTimeout(r, 50));
    expect(transferRequests()).toEqual([]);
  });

  it('the coin: the amount plus the fee estimate above the balance is refused, with the fee said', async () => {
    keyVault.setKey(KEY);
    api = mockApi([[pathMatcher('prepareTx'), ok]]);
    renderScreen(
      <SendModal
        kind="coin"
        email="ann@example.com"
        unlocked
        onDone={() => {}}
        funds={{ from: FROM, balanceWei: (10n * 10n ** 18n).toString(), decimals: 18, symbol: 'RUBY' }}
      />,
      '/Dashboard',
    );
    await within(dialog()).findByText('0.00004 RUBY');
    fill(TO, '10');
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      'Not enough RUBY: balance 10, needed 10.000042 (the amount plus a network fee of at most 0.000042).',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(transferRequests()).toEqual([]);
  });

  it.each([
    ['1e30', SEND_TEXTS.amountExponent],
    ['0,5', 'Use a dot for decimals, without commas: write 0.5.'],
    ['-1', SEND_TEXTS.amountNegative],
    ['', WALLET_FORM_TEXTS.amountRequired],
    ['1.1234567890123456789', 'Too many decimals: RGLD has at most 18 digits after the dot.'],
  ])("the amount '%s' gets its own plain message before anything is signed", async (amount, text) => {
    keyVault.setKey(KEY);
    api = mockApi([[pathMatcher('prepareTx'), ok]]);
    tokenDialog('10000000000000000000');
    fill(TO, amount);
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(text);
    expect(within(dialog()).getByRole('alert').textContent).toBe(text);
    await new Promise((r) => setTimeout(r, 50));
    expect(transferRequests()).toEqual([]);
  });

  it("the node's custom error, decoded: 'Not enough RGLD: balance 10, needed 100', no hex", async () => {
    keyVault.setKey(KEY);
    // The dialog's balance is stale (100 shown, 10 held): the relay's estimate meets the token's revert.
    api = mockApi([[pathMatcher('prepareTx'), { status: 400, body: { status: false, message: ANVIL_INSUFFICIENT_BALANCE } }]]);
    tokenDialog((100n * 10n ** 18n).toString());
    fill(TO, '100');
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(
        `${MESSAGES.transactionFailed}: Not enough RGLD: balance 10, needed 100.`,
      ),
    );
    expect(within(dialog()).getByRole('alert').textContent).not.toMatch(/0x|0000/);
    expect(api.requests.map((r) => r.path)).not.toContain(paths.sendRawTx());
  });

  it("ethers' wrong keystore password, plainly", () => {
    let wrong: unknown;
    try {
      // How ethers' decryptKeystoreJson refuses a wrong password (wallet/json-keystore.ts).
      assertArgument(false, 'incorrect password', 'password', '[ REDACTED ]');
    } catch (e) {
      wrong = e;
    }
    expect(failureMessage(wrong)).toBe(`${MESSAGES.transactionFailed}: Incorrect account password: it does not open this wallet.`);
  });
});
