/**
 * sendMachine, model-based, coin and token: every shortest path on the rendered Send modal
 * (validation texts, the refusal above the balance shown, the busy text, success and failure), the
 * send actor swapped for promises the path settles; 100 % state and transition coverage. The
 * dialog shows the case's balance; the fee estimate is asked and never answered (the model's
 * amounts do not depend on it), and nothing else reaches the network.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathMatcher, paths as routes } from '../../common/api/paths';
import { fromPromise } from 'xstate';
import { MESSAGES } from '../../common/spec';
import { SendModal } from '../../src/features/wallet/SendModal';
import { WALLET_TEXTS } from '../../src/features/wallet/texts';
import { SEND_TEXTS } from '../../src/lib/walletTexts';
import { sendMachine } from '../../src/machines/sendMachine';
import { mockApi, type ApiMock } from '../helpers/fetchMock';
import { SEND_CASES, SEND_FUNDS, SEND_HASH, sendPaths } from './models/send';
import { pathCoverage, reportCoverage } from './coverage';
import { Pending, renderScreen } from './modelHarness';

const LABELS: Record<string, string> = {
  recipient: WALLET_TEXTS.recipient,
  amount: WALLET_TEXTS.amount,
  password: WALLET_TEXTS.accountPassword,
};

describe.each(SEND_CASES)('sendMachine paths on the Send modal (%s)', (_name, input) => {
  const paths = sendPaths(input);
  const funds = SEND_FUNDS[input.kind];
  let api: ApiMock | null = null;
  beforeEach(() => {
    api = mockApi([[pathMatcher('prepareTx'), 'pending']]);
  });
  afterEach(() => api?.restore());
  afterAll(() => reportCoverage(pathCoverage(sendMachine, paths)));

  it('covers every state and transition', () => {
    const cov = pathCoverage(sendMachine, paths);
    expect(cov.coveredStates).toEqual(cov.states);
    // Locked and unlocked wallets reach the same transitions (the password is only asked when locked).
    expect(cov.coveredTransitions).toEqual(cov.transitions);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    const calls = new Pending<{ hash: string }>();
    const onDone = vi.fn();
    const machine = sendMachine.provide({ actors: { send: fromPromise(() => calls.next()) } });
    renderScreen(<SendModal {...input} onDone={onDone} machine={machine} funds={funds} />, '/Dashboard');
    const dialog = () => screen.getByRole('dialog');
    await path.test({
      events: {
        'field.change': ({ event }: { event: unknown }) => {
          const e = event as unknown as { field: string; value: string };
          const box = within(dialog()).getByLabelText(LABELS[e.field] ?? e.field) as HTMLInputElement;
          // Typing the value a field already holds fires no change in a browser: retype it.
          if (box.value === e.value) fireEvent.change(box, { target: { value: `${e.value} ` } });
          fireEvent.change(box, { target: { value: e.value } });
        },
        'send.submit': () => fireEvent.click(within(dialog()).getByRole('button', { name: WALLET_TEXTS.send })),
        'modal.close': () => fireEvent.keyDown(dialog(), { key: 'Escape' }),
        'xstate.done.actor.send': async ({ event }: { event: unknown }) => {
          await act(async () => calls.current.resolve((event as unknown as { output: { hash: string } }).output));
        },
        'xstate.error.actor.send': async ({ event }: { event: unknown }) => {
          await act(async () => calls.current.reject((event as unknown as { error: unknown }).error));
        },
      } as never,
      states: {
        editing: () => expect(within(dialog()).queryByRole('alert')).toBeNull(),
        invalid: () => {
          const text = within(dialog()).getByRole('alert').textContent;
          expect([
            WALLET_TEXTS.recipientRequired,
            WALLET_TEXTS.recipientInvalid,
            WALLET_TEXTS.amountRequired,
            WALLET_TEXTS.amountNumeric,
            SEND_TEXTS.amountComma({ suggestion: '0.5' }),
            WALLET_TEXTS.unlockRequired,
          ]).toContain(text);
        },
        overBalance: () => {
          // Refused in plain words with the balance shown and what is needed; nothing was signed or sent.
          const [balance, needed] = input.kind === 'coin' ? ['10', '5,000'] : ['100', '5,000'];
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(SEND_TEXTS.notEnough({ symbol: funds.symbol, balance, needed }));
          expect(api?.requests.map((r) => r.path).filter((p) => p !== routes.prepareTx())).toEqual([]);
        },
        sending: () => {
          expect(within(dialog()).getByRole('status')).toHaveTextContent(MESSAGES.transactionPending);
          expect(within(dialog()).getByRole('button', { name: WALLET_TEXTS.send })).toBeDisabled();
        },
        failed: () => {
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(MESSAGES.transactionFailed);
        },
        succeeded: () =>
          expect(onDone).toHaveBeenLastCalledWith({
            message: input.kind === 'token' ? MESSAGES.tokenTransactionSuccess : MESSAGES.transactionSuccess,
            hash: SEND_HASH,
          }),
        closed: () => expect(onDone).toHaveBeenLastCalledWith(null),
      },
    });
  });
});
