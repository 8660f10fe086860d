import type { ReactNode } from 'react';
import './detail.css';

interface DetailSummaryProps {
  /** Id of the heading that names the panel. */
  id: string;
  title: string;
  /** Label and value, in order. */
  rows: [string, ReactNode][];
  /** The label of the row that takes the whole width (a long address). */
  wide?: string;
}

/** The overview panel of the address, token and contract pages: a titled list of labelled values. */
export function DetailSummary({ id, title, rows, wide }: DetailSummaryProps) {
  return (
    <section className="panel detail-summary" aria-labelledby={id}>
      <h2 id={id} className="detail-summary__title">
        {title}
      </h2>
      <dl className="detail-grid">
        {rows.map(([label, value]) => (
          <div key={label} className={label === wide ? 'detail-grid__wide' : undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
