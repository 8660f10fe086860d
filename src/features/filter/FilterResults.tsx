/**
 * The rows of a filter: a table on a wide screen, cards on a phone (DataTable), keyset pages
 * (Next follows the page's cursor; Previous goes back through the cursors this visit followed),
 * and the CSV of the whole filter. Keys: n / p turn the pages, c downloads the CSV.
 */
import { useRef } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import type { AdvancedFilterRow } from '../../../common/api/advancedFilter';
import { FILTER_ERRORS } from '../../../common/advancedFilter';
import { urls } from '../../app/urls';
import { formatCount, formatTokenAmount } from '../../lib/amount';
import { Address } from '../../ui/Address';
import { Age } from '../../ui/Age';
import { DataTable, type Column } from '../../ui/DataTable';
import { Hash } from '../../ui/Hash';
import { LoadError } from '../../ui/LoadError';
import { filterCsvHref, useAdvancedFilterQuery, type FilterArgs } from './filterApi';
import { FILTER_TEXTS as T } from './texts';
import { DIRECTION_TEXTS } from '../../lib/direction';

const UNKNOWN_TOKEN = /^Unknown token (.+): not a token this explorer has indexed$/;
/** The server's 400 in the page's language (the filter's own checks ran in the form already). */
const messageOf = (m: string) => {
  const unknown = UNKNOWN_TOKEN.exec(m);
  return unknown?.[1] ? FILTER_ERRORS.unknownToken(unknown[1]) : m;
};

function amountOf(r: AdvancedFilterRow): string {
  if (r.kind === 'nft') return `${r.token?.symbol ?? ''} #${r.tokenId ?? ''}`.trim();
  return formatTokenAmount(r.valueWei, r.token ? r.token.decimals : 18, { symbol: r.token ? (r.token.symbol ?? '') : 'RUBY' });
}

const COLUMNS: readonly Column<AdvancedFilterRow>[] = [
  { key: 'kind', header: T.columns.kind, cell: (r) => T.kindNames[r.kind] },
  { key: 'hash', header: T.columns.hash, cell: (r) => <Hash value={r.hash} href={urls.transaction(r.hash)} /> },
  { key: 'block', header: T.columns.block, cell: (r) => <a href={urls.block(r.blockNumber)}>{formatCount(r.blockNumber)}</a> },
  { key: 'age', header: T.columns.age, cell: (r) => <Age time={r.timestamp} /> },
  { key: 'from', header: T.columns.from, cell: (r) => <Address value={r.from} /> },
  { key: 'to', header: T.columns.to, cell: (r) => <Address value={r.to} /> },
  { key: 'amount', header: T.columns.amount, align: 'end', cell: (r) => <span translate="no">{amountOf(r)}</span> },
  {
    key: 'method',
    header: T.columns.method,
    // A call with no input moves coin only: "Transfer", as the other lists say, not "0x".
    cell: (r) => (
      <code className="mono" translate="no">
        {r.method ?? (r.methodId === '0x' ? DIRECTION_TEXTS.coinTransfer : r.methodId)}
      </code>
    ),
  },
  { key: 'status', header: T.columns.status, cell: (r) => (r.status === 'Success' ? T.statuses.success : T.statuses.failed) },
];

interface FilterResultsProps {
  /** The filter's query (no cursor). */
  query: FilterArgs;
  cursor: string | null;
  onCursor: (cursor: string | null) => void;
}

export function FilterResults({ query, cursor, onCursor }: FilterResultsProps) {
  const { data, error, isFetching, refetch } = useAdvancedFilterQuery(cursor ? { ...query, cursor } : query);
  // The cursors this visit followed, to go back through them (a link to a later page starts with none).
  const back = useRef<(string | null)[]>([]);
  const next = data?.next ?? null;
  const goNext = () => {
    if (!next) return;
    back.current.push(cursor);
    onCursor(next);
  };
  const goPrevious = () => {
    if (back.current.length === 0) return;
    onCursor(back.current.pop() ?? null);
  };
  const csv = useRef<HTMLAnchorElement>(null);
  useHotkeys('n', goNext, { enabled: !!next });
  useHotkeys('p', goPrevious, { enabled: back.current.length > 0 });
  useHotkeys('c', () => csv.current?.click());

  if (error) {
    const refused = 'status' in error && error.status === 400 && error.message;
    return <LoadError message={refused ? messageOf(refused) : T.loadError} onRetry={() => void refetch()} />;
  }
  return (
    <section className="filter-results" aria-labelledby="filter-results-title" aria-busy={isFetching}>
      <div className="filter-results__head">
        <h2 id="filter-results-title">{T.results}</h2>
        <a ref={csv} className="btn" href={filterCsvHref(query)} download title={T.csvHint}>
          {T.csv}
        </a>
      </div>
      <DataTable
        columns={COLUMNS}
        rows={data?.result}
        rowKey={(r) => `${r.kind}-${r.hash}-${r.index}-${r.tokenId ?? ''}`}
        empty={T.empty}
        caption={T.caption}
        loading={isFetching && !data}
      />
      <nav className="filter-pager" aria-label={T.results}>
        <button type="button" className="btn" disabled={!cursor} onClick={() => onCursor(null)}>
          {T.first}
        </button>
        <button type="button" className="btn" disabled={back.current.length === 0} onClick={goPrevious}>
          {T.previous}
        </button>
        <button type="button" className="btn" disabled={!next} onClick={goNext}>
          {T.next}
        </button>
      </nav>
    </section>
  );
}
