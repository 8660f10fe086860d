import { useMemo, type ReactNode } from 'react';
import { COPY_TOASTS } from '../../common/spec';
import { ToastContext, type ToastApi } from './toastContext';
import { useToast } from './useToast';

/**
 * The address, token and contract pages copy with the detail toast ('copied to clipboard!',
 * cleared after 2000 ms; docs/decisions.md#spec-errors). Shared lists inside them (TransactionList) copy with
 * the home toast by default; this provider turns that one into the detail toast for everything
 * below it, and passes every other toast through unchanged.
 */
export function DetailCopyToasts({ children }: { children: ReactNode }) {
  const outer = useToast();
  const value = useMemo<ToastApi>(
    () => ({
      show: (text, ms) =>
        text === COPY_TOASTS.home.text ? outer.show(COPY_TOASTS.detail.text, COPY_TOASTS.detail.ms) : outer.show(text, ms),
      dismiss: outer.dismiss,
    }),
    [outer],
  );
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}
