import { classifyFailure, type FailureKind } from '../lib/failure';
import { EmptyState } from './EmptyState';
import { RetryButton } from './RetryButton';
import './detail.css';

interface DetailErrorProps {
  /** The RTK Query error of the page's main read. */
  error: unknown;
  titles: Record<FailureKind, string>;
  hints?: Partial<Record<FailureKind, string>>;
  onRetry?: () => void;
}

/** A clear message instead of an endless 'Loading...' (invalid input, not found, or a failed fetch). */
export function DetailError({ error, titles, hints, onRetry }: DetailErrorProps) {
  const { kind, message = '' } = classifyFailure(error);
  // The server's 400 message already says what a valid value looks like; the hint stands in when it is missing.
  const hint = kind === 'invalid' && message ? undefined : hints?.[kind];
  return (
    <EmptyState minHeight="12rem">
      <div className="detail-error" role="alert">
        <h2 className="detail-error__title">{titles[kind]}</h2>
        {message && <p className="detail-error__message">{message}</p>}
        {hint && <p className="muted">{hint}</p>}
        {kind === 'other' && onRetry && <RetryButton onRetry={onRetry} />}
      </div>
    </EmptyState>
  );
}
