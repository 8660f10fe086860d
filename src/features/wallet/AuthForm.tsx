import type { FormEvent, ReactNode } from 'react';
import { WALLET_TEXTS } from './texts';

interface AuthFormProps {
  email: string;
  password: string;
  busy: boolean;
  /** The key derivation's progress (0 to 1) while it runs, else null (issue #45). */
  deriving?: number | null;
  /** Sign-up: the browser offers a new password (password managers then suggest one). */
  newPassword?: boolean;
  submitLabel: string;
  busyLabel: string;
  onField: (field: 'email' | 'password', value: string) => void;
  onSubmit: () => void;
  footer: ReactNode;
}

/** Email + password form of the sign-up and log-in screens (validation is the machines' job). */
export function AuthForm({
  email,
  password,
  busy,
  deriving = null,
  newPassword = false,
  submitLabel,
  busyLabel,
  onField,
  onSubmit,
  footer,
}: AuthFormProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="auth-form panel" onSubmit={submit} noValidate>
      <label className="field">
        <span>{WALLET_TEXTS.email}</span>
        <input type="email" name="email" autoComplete="email" value={email} onChange={(e) => onField('email', e.target.value)} />
      </label>
      <label className="field">
        <span>{WALLET_TEXTS.password}</span>
        <input
          type="password"
          name="password"
          autoComplete={newPassword ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => onField('password', e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn--primary" disabled={busy || deriving !== null}>
        {busy || deriving !== null ? busyLabel : submitLabel}
      </button>
      {deriving !== null && (
        <p className="auth-form__deriving" role="status">
          <label>
            <span>{WALLET_TEXTS.derivingKeys}</span>{' '}
            <progress max={100} value={Math.round(deriving * 100)}>
              {Math.round(deriving * 100)} %
            </progress>
          </label>
        </p>
      )}
      <p className="auth-form__footer">{footer}</p>
    </form>
  );
}
