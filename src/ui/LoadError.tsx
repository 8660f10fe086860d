import { EmptyState } from './EmptyState';
import { RetryButton } from './RetryButton';
import { localizeServerMessage } from '../lib/serverMessages';
import { UI_TEXTS } from './texts';
import './detail.css';

/** The words for a list (a tab of a detail page) whose read failed (English; shown as UI_TEXTS.listLoadFailed). */
export const LIST_LOAD_FAILED = 'This list could not be loaded. Please try again later.';

interface LoadErrorProps {
  /** What failed, in the user's words. */
  message: string;
  /** Offers a Retry button when given. */
  onRetry?: () => void;
  minHeight?: string;
}

/** A failed fetch: says so (never an endless 'Loading...' nor an untrue empty text). */
export function LoadError({ message, onRetry, minHeight }: LoadErrorProps) {
  return (
    <EmptyState minHeight={minHeight}>
      <div className="load-error">
        <p role="alert">{message === LIST_LOAD_FAILED ? UI_TEXTS.listLoadFailed : localizeServerMessage(message)}</p>
        {onRetry && <RetryButton onRetry={onRetry} />}
      </div>
    </EmptyState>
  );
}
