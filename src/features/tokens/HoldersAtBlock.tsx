/**
 * "Holders at block / date" on the token page's Holders tab: the holders at the end of a past block,
 * or of a UTC day's last block, from the sum of the token's transfers up to it (GET
 * /getTokenHoldersAt), the first 100, and a CSV of all of them. A disclosure: the summary is a
 * button (Enter / Space), the fields and the links follow in tab order.
 */
import { useId, useState, type FormEvent } from 'react';
import type { HoldersAt } from '../../../common/api/holdersAt';
import type { TokenHolder } from '../../../common/api/holders';
import type { Static } from '@sinclair/typebox';
import { paths } from '../../../common/api/paths';
import { NO_VALUE } from '../../../common/spec';
import { API_BASE } from '../../app/api';
import { formatCount, formatPercentage, formatTokenAmount } from '../../lib/amount';
import { defineTexts } from '../../lib/i18n';
import { localizeServerMessage } from '../../lib/serverMessages';
import { Address } from '../../ui/Address';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadError } from '../../ui/LoadError';
import { useTokenHoldersAtQuery } from './tokensApi';

const T = defineTexts('tokens.holdersAt', {
  summary: 'Holders at block / date',
  block: 'Block',
  date: 'Date (UTC)',
  either: 'Give a block or a date, not both.',
  show: 'Show',
  title: (block: string, holders: string) => `Holders at the end of block ${block}: ${holders}`,
  caption: 'Holders at the chosen block, largest first',
  empty: 'No holders at this block.',
  csv: 'Download CSV of every holder',
  loadError: 'The holders could not be loaded.',
  rank: 'Rank',
  address: 'Address',
  quantity: 'Quantity',
  share: 'Share',
} as const);

type Snapshot = Static<typeof HoldersAt>;

export function HoldersAtBlock({ address, decimals, symbol }: { address: string; decimals: number; symbol: string | null }) {
  const [block, setBlock] = useState('');
  const [date, setDate] = useState('');
  const [asked, setAsked] = useState<{ block?: string; date?: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (block.trim() !== '' && date !== '') return setProblem(T.either);
    setProblem(null);
    setAsked(block.trim() !== '' ? { block: block.trim() } : date !== '' ? { date } : {});
  };
  return (
    <details className="csv-download holders-at">
      <summary>{T.summary}</summary>
      <form className="csv-download__body" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-block`}>{T.block}</label>
        <input id={`${id}-block`} inputMode="numeric" value={block} onChange={(e) => setBlock(e.target.value)} autoComplete="off" />
        <label htmlFor={`${id}-date`}>{T.date}</label>
        <input id={`${id}-date`} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <button type="submit" className="btn">
          {T.show}
        </button>
        {problem && (
          <p role="alert" className="csv-download__error">
            {problem}
          </p>
        )}
      </form>
      {asked && <Snapshot address={address} asked={asked} decimals={decimals} symbol={symbol} />}
    </details>
  );
}

function Snapshot(props: { address: string; asked: { block?: string; date?: string }; decimals: number; symbol: string | null }) {
  const { address, asked, decimals, symbol } = props;
  const q = useTokenHoldersAtQuery({ address, ...asked });
  if (q.error) {
    // A refused block or date says why, in the page's language (serverMessages.ts); anything else is a load error.
    const message = 'status' in q.error && q.error.status === 400 ? localizeServerMessage(q.error.message) : T.loadError;
    return <LoadError message={message ?? T.loadError} onRetry={() => void q.refetch()} />;
  }
  const s: Snapshot | undefined = q.data?.result;
  const columns: Column<TokenHolder>[] = [
    { key: 'rank', header: T.rank, cell: (h) => h.rank },
    { key: 'address', header: T.address, cell: (h) => <Address value={h.address} lead={20} copy="detail" /> },
    {
      key: 'quantity',
      header: T.quantity,
      align: 'end',
      cell: (h) => (
        <span className="amount" translate="no">
          {formatTokenAmount(h.quantityWei, decimals, { symbol })}
        </span>
      ),
    },
    { key: 'share', header: T.share, align: 'end', cell: (h) => (h.percentage === null ? NO_VALUE : formatPercentage(h.percentage)) },
  ];
  return (
    <div className="holders-at__result">
      {s && (
        <p>
          {T.title(formatCount(s.block), formatCount(s.totalHolders))}{' '}
          <a className="btn" href={`${API_BASE}${paths.tokenHoldersAtCsv(address, asked)}`} download>
            {T.csv}
          </a>
        </p>
      )}
      <DataTable columns={columns} rows={s?.holders} rowKey={(h) => h.address} empty={T.empty} caption={T.caption} loading={q.isFetching} />
    </div>
  );
}
