import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { walletImportMachine } from '../../machines/walletImportMachine';
import { KeyModal } from './KeyModal';
import { WALLET_TEXTS } from './texts';

interface Props {
  email: string;
  password: string | null;
  onLinked: (msg: string) => void;
  machine?: typeof walletImportMachine;
}

/** 'Import Wallet' with its private key modal; the flow is walletImportMachine. */
export function ImportWallet({ email, password, onLinked, machine = walletImportMachine }: Props) {
  const [state, send] = useMachine(machine, { input: { email, password } });
  const [askPassword] = useState(password === null);
  const c = state.context;
  const linked = state.matches('linked');
  useEffect(() => {
    if (linked) onLinked(c.message ?? '');
  }, [linked, c.message, onLinked]);
  const open = state.matches('keyEntry') || state.matches('linking') || state.matches('linkFailed');

  return (
    <>
      <button type="button" className="btn wallet-choice" onClick={() => send({ type: 'wallet.import' })}>
        <strong>{WALLET_TEXTS.importWallet}</strong>
        <small>{WALLET_TEXTS.importHint}</small>
      </button>
      {open && (
        <KeyModal
          title={WALLET_TEXTS.importTitle}
          keyField={
            <input
              type="password"
              className="mono"
              aria-label={WALLET_TEXTS.privateKey}
              autoComplete="off"
              spellCheck={false}
              value={c.privateKey}
              readOnly={!state.matches({ keyEntry: 'ready' })}
              onChange={(e) => send({ type: 'key.change', value: e.target.value })}
            />
          }
          copied={c.copied}
          copying={state.hasTag('copying')}
          onCopy={() => send({ type: 'wallet.copyKey' })}
          askPassword={askPassword}
          password={c.password}
          onPassword={(value) => send({ type: 'password.change', value })}
          canConfirm={state.can({ type: 'wallet.confirm' })}
          linking={state.matches('linking')}
          error={c.message}
          onConfirm={() => send({ type: 'wallet.confirm' })}
          onClose={() => send({ type: 'modal.close' })}
        />
      )}
    </>
  );
}
