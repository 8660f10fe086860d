import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UI_TEXTS } from './texts';
import { TIMING } from '../../common/spec';
import { ToastContext, type ToastApi } from './toastContext';

interface Toast {
  id: number;
  text: string;
  ms: number;
}

/**
 * One toast at a time: a new one replaces the old and restarts the clock, so quick repeated
 * copies never stack. The live region is always in the DOM so screen readers announce changes.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const nextId = useRef(1);

  const show = useCallback((text: string, ms: number = TIMING.toastMs) => {
    setToast({ id: nextId.current++, text, ms });
  }, []);
  const dismiss = useCallback(() => setToast(null), []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), toast.ms);
    return () => clearTimeout(timer);
  }, [toast]);

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toast && (
          <div className="toast" key={toast.id}>
            <span>{toast.text}</span>
            <button type="button" className="toast__close" aria-label={UI_TEXTS.dismiss} onClick={dismiss}>
              ×
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}
