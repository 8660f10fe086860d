import { EmptyState } from '../../ui/EmptyState';
import { ADDRESS_TEXTS } from './texts';

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
        <p role="alert">{message}</p>
        {onRetry && (
          <button type="button" className="btn btn--small" onClick={onRetry}>
            {ADDRESS_TEXTS.retry}
          </button>
        )}
      </div>
    </EmptyState>
  );
}
