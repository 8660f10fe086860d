/**
 * Renders a component inside the app's providers (store, toasts, an in-memory router), the way
 * App mounts screens. Not a test file: shared by the dom tests.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { makeStore } from '../../../src/app/store';
import { ToastProvider } from '../../../src/ui/ToastProvider';

export interface ProvidersResult extends RenderResult {
  /** Paths visited, oldest first (the memory router's history). */
  history: string[];
  navigate: (to: string) => void;
}

export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}): ProvidersResult {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Provider store={makeStore()}>
      <ToastProvider>
        <Router hook={location.hook}>{ui}</Router>
      </ToastProvider>
    </Provider>,
  );
  return { ...result, history: location.history, navigate: location.navigate };
}
