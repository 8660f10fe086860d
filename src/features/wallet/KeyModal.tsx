import { useId, type ReactNode } from 'react';
import { MESSAGES } from '../../../common/spec';
import { Modal } from './Modal';
import { WALLET_TEXTS } from './texts';

export interface KeyModalProps {
  title: string;
  /** The key field: read-only text (create) or an input (import). */
  keyField: ReactNode;
  address?: string | null;
  /** The last clipboard write of this key succeeded. */
  copied: boolean;
  /** A clipboard write is under way: Copy waits for its answer. */
  copying: boolean;
  onCopy: () => void;
  /** Ask for the account password (this session does not hold it). */
  askPassword: boolean;
  password: string;
  onPassword: (value: string) => void;
  canConfirm: boolean;
  linking: boolean;
  /** A failure to show (red), or null. */
  error: string | null;
  onConfirm: () => void;
  onClose?: () => void;
}

/**
 * The private key modal of both wallet flows: key, Copy ('Copied!' once the clipboard write
 * succeeded), the red notice until the key is copied, and 'Go to my wallet' enabled only after
 * copying (docs/decisions.md#spec-screens, #spec-validation).
 */
export function KeyModal(p: KeyModalProps) {
  const whyId = useId();
  // A disabled 'Go to my wallet' says why beside it, not only in a notice further up.
  const why =
    p.canConfirm || p.linking
      ? null
      : !p.copied
        ? WALLET_TEXTS.whyCopyFirst
        : p.askPassword && p.password === ''
          ? WALLET_TEXTS.whyPassword
          : null;
  return (
    <Modal
      title={p.title}
      onClose={p.onClose}
      footer={
        <div className="key-modal__confirm">
          {why && (
            <small id={whyId} className="key-modal__why">
              {why}
            </small>
          )}
          <button
            type="button"
            className="btn btn--primary"
            disabled={!p.canConfirm || p.linking}
            aria-describedby={why ? whyId : undefined}
            onClick={p.onConfirm}
          >
            {p.linking ? WALLET_TEXTS.linking : WALLET_TEXTS.goToWallet}
          </button>
        </div>
      }
    >
      {p.address && (
        <p className="key-modal__address">
          <span className="muted">{WALLET_TEXTS.address}</span> <span className="mono">{p.address}</span>
        </p>
      )}
      <div className="key-modal__key">
        {p.keyField}
        <button type="button" className="btn" disabled={p.copying} aria-busy={p.copying} onClick={p.onCopy}>
          {p.copied ? MESSAGES.keyCopied : WALLET_TEXTS.copy}
        </button>
      </div>
      {p.askPassword && (
        <label className="field">
          <span>{WALLET_TEXTS.accountPassword}</span>
          <input type="password" autoComplete="current-password" value={p.password} onChange={(e) => p.onPassword(e.target.value)} />
          <small className="muted">{WALLET_TEXTS.passwordHint}</small>
        </label>
      )}
      {!p.copied && <p className="notice notice--danger">{MESSAGES.copyKeyFirst}</p>}
      {p.error && (
        <p className="notice notice--danger" role="alert">
          {p.error}
        </p>
      )}
    </Modal>
  );
}
