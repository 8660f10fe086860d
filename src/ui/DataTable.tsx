import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { Loading } from './Loading';
import { useNarrow } from './useMediaQuery';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  align?: 'start' | 'end';
  /** Hide this column on the mobile card (e.g. a second copy of the same data). */
  hideOnMobile?: boolean;
}

interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  /** undefined while loading. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row, index: number) => string;
  /** Shown for an empty list: one of the spec's empty texts. */
  empty: ReactNode;
  /** Accessible name of the table. */
  caption: string;
  loading?: boolean;
  /** Rows to reserve space for while loading (default 10), so nothing jumps when data arrives. */
  placeholderRows?: number;
  /** How many of the rows to show under 768 px (a home panel's shorter mobile list); all by default. */
  narrowRows?: number;
  /** Force a layout (tests, or a panel that is always narrow). */
  layout?: 'auto' | 'table' | 'cards';
}

// Row heights the CSS uses; reserving rows × height avoids layout shift.
const ROW_REM = { table: 2.75, cards: 7 } as const;

/** A desktop table that becomes a list of label/value cards under 768 px. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  caption,
  loading = false,
  placeholderRows = 10,
  narrowRows,
  layout = 'auto',
}: DataTableProps<Row>) {
  const narrow = useNarrow();
  const cards = layout === 'cards' || (layout === 'auto' && narrow === true);
  const few = (list: readonly Row[]) => (narrowRows === undefined ? list : list.slice(0, narrowRows));
  const reserve = `${(narrow && narrowRows !== undefined ? narrowRows : placeholderRows) * (cards ? ROW_REM.cards : ROW_REM.table)}rem`;

  if (loading || rows === undefined) return <Loading minHeight={reserve} />;
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  const parts = { columns, rowKey, caption };
  // Rendered by the server, which cannot know the width: both, the stylesheet shows one.
  if (layout === 'auto' && narrow === null)
    return (
      <>
        <div className="vp-wide">
          <Table {...parts} rows={rows} />
        </div>
        <div className="vp-narrow">
          <Cards {...parts} rows={few(rows)} />
        </div>
      </>
    );
  return cards ? <Cards {...parts} rows={narrow ? few(rows) : rows} /> : <Table {...parts} rows={narrow ? few(rows) : rows} />;
}

type TableParts<Row> = Pick<DataTableProps<Row>, 'columns' | 'rowKey' | 'caption'> & { rows: readonly Row[] };

function Cards<Row>({ columns, rows, rowKey, caption }: TableParts<Row>) {
  const visible = columns.filter((c) => !c.hideOnMobile);
  return (
    <ul className="card-list" aria-label={caption}>
      {rows.map((row, i) => (
        <li key={rowKey(row, i)} className="card-list__item">
          <dl>
            {visible.map((c) => (
              <div key={c.key} className="card-list__field">
                <dt>{c.header}</dt>
                <dd>{c.cell(row, i)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Table<Row>({ columns, rows, rowKey, caption }: TableParts<Row>) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.align === 'end' ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)}>
              {columns.map((c) => (
                <td key={c.key} className={c.align === 'end' ? 'num' : undefined}>
                  {c.cell(row, i)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
