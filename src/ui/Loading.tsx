import { EMPTY_TEXTS } from '../../common/spec';

interface LoadingProps {
  /** Height to reserve (CSS length) so the page does not jump when data arrives. */
  minHeight?: string;
  className?: string;
}

/** The spec's 'Loading...' in a box that keeps the space the content will take. */
export function Loading({ minHeight, className }: LoadingProps) {
  return (
    <div className={`loading ${className ?? ''}`.trim()} style={minHeight ? { minHeight } : undefined} aria-busy="true">
      <span className="loading__text">{EMPTY_TEXTS.loading}</span>
    </div>
  );
}
