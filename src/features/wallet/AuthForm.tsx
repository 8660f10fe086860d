import type { FormEvent, ReactNode } from 'react';
import { WALLET_TEXTS } from './texts';

interface AuthFormProps {
  email: string;
  password: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onField: (field: 'email' | 'password', value: string) => void;
  onSubmit: () => void;
  footer: ReactNode;
}

/** Email + password form of the sign-up and log-in screens (validation is the machines' job). */
export function AuthForm({ email, password, busy, submitLabel, busyLabel, onField, onSubmit, footer }: AuthFormProps) {
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
          autoComplete="current-password"
          value={password}
          onChange={(e) => onField('password', e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
      <p className="auth-form__footer">{footer}</p>
    </form>
  );
}
