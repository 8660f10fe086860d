import { useId, type ReactNode } from 'react';
import { ChartBox } from '../../ui/charts/ChartBox';
import { CHART_TEXTS } from './texts';

export interface ChartTable {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

interface Props {
  title: string;
  /** Until data arrives: 'Loading...'. */
  loading: boolean;
  /** Loading ended without data: the chart is empty (docs/decisions.md#spec-states). */
  failed: boolean;
  /** The chart's figures for screen readers (visually hidden), present once loaded. */
  table?: ChartTable;
  children: (width: number) => ReactNode;
}

/** One chart of the charts page: title at the start (size 20), the chart, and its data table for assistive technology. */
export function ChartCard({ title, loading, failed, table, children }: Props) {
  const id = useId();
  return (
    <section className="panel chart-card" aria-labelledby={id}>
      <h2 id={id} className="chart-card__title">
        {title}
      </h2>
      <ChartBox size="card" loading={loading} failed={failed}>
        {children}
      </ChartBox>
      {/* The wrapper hides it: a table ignores width and overflow, and would widen the page. */}
      {table && !loading && !failed && (
        <div className="visually-hidden">
          <table>
            <caption>{`${CHART_TEXTS.dataTable}: ${title}`}</caption>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r, i) => (
                <tr key={i}>
                  {r.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
