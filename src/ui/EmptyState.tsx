import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** One of the spec's empty texts (EMPTY_TEXTS), e.g. 'No Trx available'. */
  children: ReactNode;
  minHeight?: string;
  /** Fill its box's height (a chart's, ChartBox), by class: no style attribute. */
  fill?: boolean;
}

export function EmptyState({ children, minHeight, fill = false }: EmptyStateProps) {
  return (
    <div className={fill ? 'empty-state empty-state--fill' : 'empty-state'} style={minHeight ? { minHeight } : undefined}>
      {children}
    </div>
  );
}
