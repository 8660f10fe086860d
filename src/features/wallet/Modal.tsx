import { useEffect, useId, useRef, type ReactNode } from 'react';
import { WALLET_TEXTS } from './texts';

interface ModalProps {
  title: string;
  /** Escape and the × button call it; omit for a modal that must be answered. */
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** An extra class on the dialog (e.g. 'modal--wide'). */
  className?: string;
}

/** A dialog over the page: labelled by its title, focus moved into it, Escape closes. */
export function Modal({ title, onClose, children, footer, className }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    const first = el?.querySelector<HTMLElement>('input, textarea, select, button:not([data-close])');
    (first ?? el)?.focus();
  }, []);
  // Escape also closes when focus has left the dialog: while a send runs its fields and buttons are
  // disabled, so focus falls to the page's body (found by the send machine's browser walk).
  useEffect(() => {
    if (!onClose) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || ref.current?.contains(document.activeElement)) return;
      onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onClose) onClose();
        }}
      >
        <div className="modal__head">
          <h2 id={titleId}>{title}</h2>
          {onClose && (
            <button type="button" className="icon-btn" aria-label={WALLET_TEXTS.close} data-close onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__foot">{footer}</div>}
      </div>
    </div>
  );
}
