/** The web wallet's password prompt while deploying (its own form: the key is decrypted in this browser). */
import { useId, type FormEvent } from 'react';
import type { DeployEvent } from '../../machines/deployTypes';
import { DEPLOY_TEXTS } from './texts';

interface UnlockWalletProps {
  password: string;
  error: string | null;
  send: (e: DeployEvent) => void;
}

export function UnlockWallet({ password, error, send }: UnlockWalletProps) {
  const id = useId();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'unlock.submit' });
  };
  return (
    <form className="panel deploy-unlock" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{DEPLOY_TEXTS.signerWeb}</h2>
      <div className="deploy-form__field">
        <label htmlFor={`${id}-password`}>{DEPLOY_TEXTS.password}</label>
        <input
          id={`${id}-password`}
          type="password"
          value={password}
          autoComplete="current-password"
          // The prompt appears after a click on Deploy: typing goes straight into it.
          autoFocus
          aria-describedby={`${id}-hint`}
          onChange={(e) => send({ type: 'password.change', value: e.target.value })}
        />
        <small id={`${id}-hint`} className="muted">
          {DEPLOY_TEXTS.passwordHint}
        </small>
      </div>
      {error && (
        <p role="alert" className="deploy-form__error">
          {error}
        </p>
      )}
      <div className="deploy-result__actions">
        <button type="submit" className="btn btn--primary">
          {DEPLOY_TEXTS.unlock}
        </button>
        <button type="button" className="btn" onClick={() => send({ type: 'deploy.cancel' })}>
          {DEPLOY_TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}
