import { createContext } from 'react';

export interface ToastApi {
  /** Shows `text`, replacing any toast on screen, and clears it after `ms` (default 5000). */
  show(text: string, ms?: number): void;
  dismiss(): void;
}

export const ToastContext = createContext<ToastApi | null>(null);
