import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** One of the spec's empty texts (EMPTY_TEXTS), e.g. 'No Trx available'. */
  children: ReactNode;
  minHeight?: string;
}

export function EmptyState({ children, minHeight }: EmptyStateProps) {
  return (
    <div className="empty-state" style={minHeight ? { minHeight } : undefined}>
      {children}
    </div>
  );
}
