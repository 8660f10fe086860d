import { useMachine } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { passwordProblem } from '../../../common/kdfParams';
import type { ChangeBody, ChangeProblem } from '../../machines/changePasswordMachine';
import { appChangePasswordMachine } from '../../app/actors/wallet';
import { ACCOUNT_TEXTS } from './texts';
import { useChangePasswordMutation } from './walletApi';

function problemText(p: ChangeProblem): string {
  return p.kind === 'failed' ? ACCOUNT_TEXTS.failed({ message: p.message }) : ACCOUNT_TEXTS[p.kind];
}

interface Props {
  email: string;
  /** The stored keystore (under the current wallet key), null without a linked wallet. */
  keystore: string | null;
  /** Tests: the machine with its actors provided (else the submit is RTK Query's changePassword). */
  machine?: typeof appChangePasswordMachine;
}

/**
 * The dashboard's "Change password": current and new password, the 8-character rule
 * shown under the new one as it is typed, the key derivation's progress, then one atomic call.
 * Flow: changePasswordMachine; the passwords never leave the browser.
 */
export function ChangePasswordPanel({ email, keystore, machine }: Props) {
  const [changePassword] = useChangePasswordMutation();
  const provided = useMemo(
    () =>
      machine ??
      appChangePasswordMachine.provide({
        actors: {
          submit: fromPromise<void, ChangeBody>(async ({ input }) => {
            await changePassword(input).unwrap();
          }),
        },
      }),
    [machine, changePassword],
  );
  const [state, send] = useMachine(provided, { input: { email, keystore } });
  const { current, next, problem, progress } = state.context;
  const message = problem === null ? null : problemText(problem);
  const preparing = state.matches('preparing');
  const busy = preparing || state.matches('submitting');
  const ruleUnmet = next !== '' && passwordProblem(next) !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'change.submit' });
  };
  const field = (which: 'current' | 'next', label: string, value: string, autoComplete: string, describedBy?: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        type="password"
        name={which === 'current' ? 'current-password' : 'new-password'}
        autoComplete={autoComplete}
        value={value}
        disabled={busy}
        aria-describedby={describedBy}
        aria-invalid={which === 'next' && ruleUnmet ? true : undefined}
        onChange={(e) => send({ type: 'field.change', field: which, value: e.target.value })}
      />
    </label>
  );

  return (
    <section className="panel change-password" aria-labelledby="change-password-title">
      <h2 id="change-password-title">{ACCOUNT_TEXTS.changeTitle}</h2>
      <form className="auth-form" onSubmit={submit} noValidate>
        {field('current', ACCOUNT_TEXTS.current, current, 'current-password')}
        {field('next', ACCOUNT_TEXTS.next, next, 'new-password', 'change-password-rule')}
        <p id="change-password-rule" className={ruleUnmet ? 'field-hint field-hint--danger' : 'field-hint'} aria-live="polite">
          {ruleUnmet ? ACCOUNT_TEXTS.ruleUnmet : ACCOUNT_TEXTS.rule}
        </p>
        {message && (
          <p className="notice notice--danger" role="alert">
            {message}
          </p>
        )}
        {state.matches('changed') && (
          <p className="notice notice--info" role="status">
            {ACCOUNT_TEXTS.changed}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? ACCOUNT_TEXTS.changing : ACCOUNT_TEXTS.change}
        </button>
        {preparing && (
          <p className="auth-form__deriving" role="status">
            <label>
              <span>{ACCOUNT_TEXTS.deriving}</span>{' '}
              <progress max={100} value={Math.round(progress * 100)}>
                {Math.round(progress * 100)} %
              </progress>
            </label>
          </p>
        )}
      </form>
    </section>
  );
}
