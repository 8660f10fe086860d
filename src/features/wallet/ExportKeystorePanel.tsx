import { useState, type FormEvent } from 'react';
import { useToast } from '../../ui/useToast';
import { keyVault } from './keyVault';
import { EXPORT_TEXTS } from './texts';
import { mixedText } from '../../ui/MixedText';

interface Props {
  email: string;
  /** r… */
  address: string;
  /** The stored keystore (under the wallet key, or the password for an account not moved over yet). */
  keystore: string;
}

const MIN_PASSPHRASE = 8;

/**
 * The dashboard's "Export keystore": a passphrase twice (and the account password
 * when this session does not hold the key), then a keystore file is downloaded
 * (exportKeystore.ts). Nothing of it is sent to the server.
 */
export function ExportKeystorePanel({ email, address, keystore }: Props) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Asked for on opening, fixed then (as the wallet link does), so the field does not vanish.
  const [needsPassword, setNeedsPassword] = useState(false);

  const reset = () => {
    setOpen(false);
    setPassphrase('');
    setRepeat('');
    setPassword('');
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (passphrase.length < MIN_PASSPHRASE) return setError(EXPORT_TEXTS.tooShort);
    if (passphrase !== repeat) return setError(EXPORT_TEXTS.mismatch);
    if (needsPassword && password === '') return setError(EXPORT_TEXTS.passwordNeeded);
    setBusy(true);
    setError(null);
    try {
      const mod = await import('./exportKeystore');
      await mod.exportKeystore({ email, address, storedKeystore: keystore, password, passphrase });
      toast.show(EXPORT_TEXTS.done);
      reset();
    } catch (err) {
      setError(err instanceof Error && err.message === 'password needed' ? EXPORT_TEXTS.passwordNeeded : EXPORT_TEXTS.wrongPassword);
    } finally {
      setBusy(false);
    }
  };

  const field = (label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <label className="field">
      <span>{label}</span>
      <input type="password" autoComplete={autoComplete} value={value} disabled={busy} onChange={(e) => set(e.target.value)} />
    </label>
  );

  return (
    <section className="panel export-keystore" aria-labelledby="export-keystore-title">
      <h2 id="export-keystore-title">{EXPORT_TEXTS.title}</h2>
      <p>{mixedText(EXPORT_TEXTS.intro)}</p>
      {!open ? (
        <button
          type="button"
          className="btn"
          onClick={() => {
            setNeedsPassword(keyVault.key() === null);
            setOpen(true);
          }}
        >
          {EXPORT_TEXTS.open}
        </button>
      ) : (
        <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
          {field(EXPORT_TEXTS.passphrase, passphrase, setPassphrase, 'new-password')}
          {field(EXPORT_TEXTS.repeat, repeat, setRepeat, 'new-password')}
          {needsPassword && field(EXPORT_TEXTS.accountPassword, password, setPassword, 'current-password')}
          {error && (
            <p className="notice notice--danger" role="alert">
              {error}
            </p>
          )}
          <div className="overview__actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? EXPORT_TEXTS.working : EXPORT_TEXTS.download}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={reset}>
              {EXPORT_TEXTS.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
