import { ERROR_PAGE } from '../../common/spec';

/** The English word on every Retry button (the error page's, so there is one); the button reads ERROR_PAGE.retry in the active language. */
export const RETRY_TEXT = ERROR_PAGE.retry;

interface RetryButtonProps {
  onRetry: () => void;
  /** The error page's prominent button; elsewhere a small one beside the message. */
  primary?: boolean;
}

/** Asks again after a failed read (a list, a detail page, a chunk that did not load). */
export function RetryButton({ onRetry, primary = false }: RetryButtonProps) {
  return (
    <button type="button" className={primary ? 'btn btn--primary' : 'btn btn--small'} onClick={onRetry}>
      {ERROR_PAGE.retry}
    </button>
  );
}
