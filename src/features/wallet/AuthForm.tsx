import type { FormEvent, ReactNode } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/kdfParams';
import { WALLET_TEXTS } from './texts';

const RULE_ID = 'auth-form-password-rule';

/** The sign-up's password rule as the user types (the same rule the browser checks on submit). */
export function passwordRuleText(password: string): { text: string; met: boolean } {
  const min = String(PASSWORD_MIN);
  if (password.length > PASSWORD_MAX) return { text: WALLET_TEXTS.passwordRuleTooLong({ max: String(PASSWORD_MAX) }), met: false };
  if (password.length >= PASSWORD_MIN) return { text: WALLET_TEXTS.passwordRuleMet({ min }), met: true };
  if (password === '') return { text: WALLET_TEXTS.passwordRule({ min }), met: false };
  return { text: WALLET_TEXTS.passwordRuleMore({ min, more: String(PASSWORD_MIN - password.length) }), met: false };
}

interface AuthFormProps {
  email: string;
  password: string;
  busy: boolean;
  /** The key derivation's progress (0 to 1) while it runs, else null. */
  deriving?: number | null;
  /** Sign-up: the browser offers a new password (password managers then suggest one). */
  newPassword?: boolean;
  submitLabel: string;
  busyLabel: string;
  onField: (field: 'email' | 'password', value: string) => void;
  onSubmit: () => void;
  footer: ReactNode;
}

/**
 * Email + password form of the sign-up and log-in screens (validation is the machines' job). On
 * the sign-up (`newPassword`), the 8-character rule is shown under the field and follows the
 * typing, and the field asks password managers for a new password.
 */
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
  const rule = newPassword ? passwordRuleText(password) : null;
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
          aria-describedby={rule ? RULE_ID : undefined}
          value={password}
          onChange={(e) => onField('password', e.target.value)}
        />
      </label>
      {rule && (
        <p id={RULE_ID} className={`auth-form__rule${rule.met ? ' auth-form__rule--met' : ''}`}>
          {rule.text}
        </p>
      )}
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
