import { useMachine } from '@xstate/react';
import { appWalletCreateMachine } from '../../app/actors/wallet';
import { KeyModal } from './KeyModal';
import { MessageModal } from './MessageModal';
import { Modal } from './Modal';
import { WALLET_TEXTS } from './texts';
import { useWalletLink, type WalletLinkProps } from './useWalletLink';

/** 'Create Wallet' with its terms, result and link modals; the flow is walletCreateMachine. */
export function CreateWallet({ machine = appWalletCreateMachine, ...props }: WalletLinkProps<typeof appWalletCreateMachine>) {
  const [state, send] = useMachine(machine, { input: { email: props.email, password: props.password } });
  const keyModal = useWalletLink(state, send, props);
  const c = state.context;

  return (
    <>
      <button type="button" className="btn btn--primary wallet-choice" onClick={() => send({ type: 'wallet.create' })}>
        <strong>{WALLET_TEXTS.createWallet}</strong>
        <small>{WALLET_TEXTS.createHint}</small>
      </button>
      {state.matches('terms') && (
        <Modal
          title={WALLET_TEXTS.termsTitle}
          onClose={() => send({ type: 'terms.decline' })}
          footer={
            <>
              <button type="button" className="btn" onClick={() => send({ type: 'terms.decline' })}>
                {WALLET_TEXTS.decline}
              </button>
              <button type="button" className="btn btn--primary" onClick={() => send({ type: 'terms.accept' })}>
                {WALLET_TEXTS.accept}
              </button>
            </>
          }
        >
          <ul className="terms-list">
            {WALLET_TEXTS.terms.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </Modal>
      )}
      {state.matches('generating') && (
        <Modal title={WALLET_TEXTS.resultTitle}>
          <p aria-busy="true">{WALLET_TEXTS.generating}</p>
        </Modal>
      )}
      {state.matches('failed') && c.message && (
        <MessageModal title={WALLET_TEXTS.createWallet} message={c.message} onClose={() => send({ type: 'modal.close' })} />
      )}
      {(state.matches('result') || state.matches('linking') || state.matches('linkFailed')) && (
        <KeyModal
          {...keyModal}
          title={WALLET_TEXTS.resultTitle}
          address={c.address}
          keyField={
            <code className="key-modal__value mono" data-testid="private-key">
              {c.privateKey}
            </code>
          }
          error={state.matches('result') || state.matches('linkFailed') ? c.message : null}
        />
      )}
    </>
  );
}
