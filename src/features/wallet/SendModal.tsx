import { useMachine } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { COIN_SYMBOL } from '../../../common/spec';
import type { SendField, SendMachineInput } from '../../machines/sendMachine';
import { appSendMachine } from '../../app/actors/wallet';
import { keepTerms } from '../../lib/keepTerms';
import { shownData } from '../../lib/serverMessages';
import { Modal } from './Modal';
import { SendBalance, type SendFunds } from './SendBalance';
import { WALLET_TEXTS } from './texts';

interface Props extends SendMachineInput {
  onDone: (result: { message: string | null; hash: string | null } | null) => void;
  machine?: typeof appSendMachine;
  /** The balance, fee estimate and Max; left out, the dialog shows none. */
  funds?: SendFunds;
}

/**
 * Send coin or one token; the flow is sendMachine. `onDone(null)` when closed without sending. The wallet's key signs
 * (no private key field: docs/decisions.md#send-checks-first); Send hands the machine the balance and fee estimate
 * shown, which it checks the amount against before anything is signed.
 */
export function SendModal({ onDone, machine = appSendMachine, funds, ...input }: Props) {
  const [state, send] = useMachine(machine, { input });
  const [feeWei, setFeeWei] = useState<bigint | null>(null);
  const c = state.context;
  const succeeded = state.matches('succeeded');
  const closed = state.matches('closed');
  useEffect(() => {
    if (succeeded) onDone({ message: c.message, hash: c.hash });
    else if (closed) onDone(null);
  }, [succeeded, closed, c.message, c.hash, onDone]);

  const busy = state.matches('sending');
  const field = (name: SendField, label: string, type = 'text') => (
    <label className="field">
      <span>{label}</span>
      <input
        type={type}
        name={name}
        autoComplete="off"
        inputMode={name === 'amount' ? 'decimal' : undefined}
        value={c[name]}
        disabled={busy}
        onChange={(e) => send({ type: 'field.change', field: name, value: e.target.value })}
      />
    </label>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({
      type: 'send.submit',
      ...(funds
        ? {
            funds: {
              balanceWei: funds.balanceWei,
              decimals: funds.decimals,
              symbol: funds.symbol,
              feeWei: feeWei === null ? null : feeWei.toString(),
              coinBalanceWei: funds.coinBalanceWei ?? null,
              coinSymbol: COIN_SYMBOL,
            },
          }
        : {}),
    });
  };
  const title =
    c.kind === 'token' ? WALLET_TEXTS.sendTokenTitle({ symbol: c.token?.symbol ?? WALLET_TEXTS.token }) : WALLET_TEXTS.sendTitle;

  return (
    <Modal title={title} onClose={busy ? undefined : () => send({ type: 'modal.close' })}>
      <form className="send-form" onSubmit={submit} noValidate>
        {field('recipient', WALLET_TEXTS.recipient)}
        {field('amount', WALLET_TEXTS.amount)}
        {!c.unlocked && field('password', WALLET_TEXTS.accountPassword, 'password')}
        {funds && (
          <SendBalance
            funds={funds}
            token={c.token}
            disabled={busy}
            onMax={(amount) => send({ type: 'field.change', field: 'amount', value: amount })}
            onFee={setFeeWei}
          />
        )}
        {c.message && (
          <p className={`notice send-form__notice ${busy ? 'notice--info' : 'notice--danger'}`} role={busy ? 'status' : 'alert'}>
            {keepTerms(c.message, shownData(c.message))}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {WALLET_TEXTS.send}
        </button>
      </form>
    </Modal>
  );
}
