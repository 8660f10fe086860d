import { Modal } from './Modal';
import { WALLET_TEXTS } from './texts';

/** A message that must be acknowledged (the spec's modals for form errors). */
export function MessageModal({ title, message, onClose }: { title: string; message: string; onClose: () => void }) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {WALLET_TEXTS.ok}
        </button>
      }
    >
      <p role="alert">{message}</p>
    </Modal>
  );
}
