import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiFailure } from '../../app/api';
import { EmptyState } from '../../ui/EmptyState';
import { TX_TEXTS } from './texts';

export type FailureKind = 'invalid' | 'notFound' | 'other';

/** What an RTK Query error means for a detail page: 400 invalid input, 404 unknown, else a failure. */
export function failureOf(error: ApiFailure | SerializedError | undefined): { kind: FailureKind; message: string } {
  if (error && 'status' in error) {
    const kind: FailureKind = error.status === 400 ? 'invalid' : error.status === 404 ? 'notFound' : 'other';
    return { kind, message: error.message };
  }
  return { kind: 'other', message: error?.message ?? '' };
}

interface DetailErrorProps {
  error: ApiFailure | SerializedError | undefined;
  titles: Record<FailureKind, string>;
  hints?: Partial<Record<FailureKind, string>>;
  onRetry?: () => void;
}

/** A clear message instead of an endless 'Loading...' (invalid input, not found, or a failed fetch). */
export function DetailError({ error, titles, hints, onRetry }: DetailErrorProps) {
  const { kind, message } = failureOf(error);
  // The server's 400 message already says what a valid value looks like; the hint stands in when it is missing.
  const hint = kind === 'invalid' && message ? undefined : hints?.[kind];
  return (
    <EmptyState minHeight="12rem">
      <div className="detail-error" role="alert">
        <h2 className="detail-error__title">{titles[kind]}</h2>
        {message && <p className="detail-error__message">{message}</p>}
        {hint && <p className="muted">{hint}</p>}
        {kind === 'other' && onRetry && (
          <button type="button" className="btn btn--small" onClick={onRetry}>
            {TX_TEXTS.retry}
          </button>
        )}
      </div>
    </EmptyState>
  );
}
