import type { ReactNode } from 'react';
import './detail.css';

export interface DetailRow {
  /** Stable key (defaults to the label). */
  key?: string;
  label: string;
  value: ReactNode;
  /** Omit the row (e.g. a field this kind of transaction does not have). */
  hidden?: boolean;
}

interface DetailListProps {
  rows: readonly DetailRow[];
  /** Accessible name of the list. */
  label: string;
}

/** Label / value rows of a detail page (transaction, block): two columns on desktop, stacked on mobile. */
export function DetailList({ rows, label }: DetailListProps) {
  return (
    <dl className="detail-list" aria-label={label}>
      {rows
        .filter((r) => !r.hidden)
        .map((r) => (
          <div className="detail-list__row" key={r.key ?? r.label}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
    </dl>
  );
}
