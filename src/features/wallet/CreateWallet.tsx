import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { walletCreateMachine } from '../../machines/walletCreateMachine';
import { KeyModal } from './KeyModal';
import { MessageModal } from './MessageModal';
import { Modal } from './Modal';
import { WALLET_TEXTS } from './texts';

interface Props {
  email: string;
  password: string | null;
  onLinked: (msg: string) => void;
  machine?: typeof walletCreateMachine;
}

/** 'Create Wallet' with its terms, result and link modals; the flow is walletCreateMachine. */
export function CreateWallet({ email, password, onLinked, machine = walletCreateMachine }: Props) {
  const [state, send] = useMachine(machine, { input: { email, password } });
  const [askPassword] = useState(password === null);
  const c = state.context;
  const linked = state.matches('linked');
  useEffect(() => {
    if (linked) onLinked(c.message ?? '');
  }, [linked, c.message, onLinked]);

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
              <button type="button" className="btn" onClick={() => send({ type: 'terms.decline' })}>{WALLET_TEXTS.decline}</button>
              <button type="button" className="btn btn--primary" onClick={() => send({ type: 'terms.accept' })}>{WALLET_TEXTS.accept}</button>
            </>
          }
        >
          <ul className="terms-list">{WALLET_TEXTS.terms.map((t) => <li key={t}>{t}</li>)}</ul>
        </Modal>
      )}
      {state.matches('generating') && (
        <Modal title={WALLET_TEXTS.resultTitle}>
          <p aria-busy="true">{WALLET_TEXTS.generating}</p>
        </Modal>
      )}
      {state.matches('failed') && c.message && <MessageModal title={WALLET_TEXTS.createWallet} message={c.message} onClose={() => send({ type: 'modal.close' })} />}
      {(state.matches('result') || state.matches('linking') || state.matches('linkFailed')) && (
        <KeyModal
          title={WALLET_TEXTS.resultTitle}
          address={c.address}
          keyField={<code className="key-modal__value mono" data-testid="private-key">{c.privateKey}</code>}
          copied={c.copied}
          copying={state.hasTag('copying')}
          onCopy={() => send({ type: 'wallet.copyKey' })}
          askPassword={askPassword}
          password={c.password}
          onPassword={(value) => send({ type: 'password.change', value })}
          canConfirm={state.can({ type: 'wallet.confirm' })}
          linking={state.matches('linking')}
          error={state.matches('result') || state.matches('linkFailed') ? c.message : null}
          onConfirm={() => send({ type: 'wallet.confirm' })}
        />
      )}
    </>
  );
}
