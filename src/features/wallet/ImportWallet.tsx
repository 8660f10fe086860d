import { useMachine } from '@xstate/react';
import { appWalletImportMachine } from '../../app/actors/wallet';
import { KeyModal } from './KeyModal';
import { WALLET_TEXTS } from './texts';
import { useWalletLink, type WalletLinkProps } from './useWalletLink';

/** 'Import Wallet' with its private key modal; the flow is walletImportMachine. */
export function ImportWallet({ machine = appWalletImportMachine, ...props }: WalletLinkProps<typeof appWalletImportMachine>) {
  const [state, send] = useMachine(machine, { input: { email: props.email, password: props.password } });
  const keyModal = useWalletLink(state, send, props);
  const c = state.context;
  const open = state.matches('keyEntry') || state.matches('linking') || state.matches('linkFailed');

  return (
    <>
      <button type="button" className="btn wallet-choice" onClick={() => send({ type: 'wallet.import' })}>
        <strong>{WALLET_TEXTS.importWallet}</strong>
        <small>{WALLET_TEXTS.importHint}</small>
      </button>
      {open && (
        <KeyModal
          {...keyModal}
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
          error={c.message}
          onClose={() => send({ type: 'modal.close' })}
        />
      )}
    </>
  );
}
