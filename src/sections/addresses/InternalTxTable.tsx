/**
 * Internal transactions (calls inside a transaction that moved value or not) of an address, a
 * token or a contract: parent hash, block, age, from, to, value in RUBY, call type, real status.
 */
import { Link } from 'wouter';
import { EMPTY_TEXTS } from '../../../common/spec';
import type { InternalTransactionItem } from '../../../common/api/addresses';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { Age } from '../../ui/Age';
import { Amount } from '../../ui/Amount';
import { DataTable, type Column } from '../../ui/DataTable';
import { Hash } from '../../ui/Hash';
import { StatusBadge } from '../../ui/StatusBadge';
import '../../ui/txType.css';
import { LIST_LOAD_FAILED, LoadError } from '../../ui/LoadError';
import { INTERNAL_TEXTS } from './texts';

interface InternalTxTableProps {
  items: readonly InternalTransactionItem[] | undefined;
  isError?: boolean;
  onRetry?: () => void;
  caption: string;
  statusCase?: 'title' | 'lower';
}

function columns(lower: boolean): Column<InternalTransactionItem>[] {
  return [
    { key: 'hash', header: INTERNAL_TEXTS.hash, cell: (t) => <Hash value={t.hash} copy="detail" /> },
    { key: 'block', header: INTERNAL_TEXTS.block, cell: (t) => <Link href={urls.block(t.blockNumber)}>{t.blockNumber}</Link> },
    { key: 'age', header: INTERNAL_TEXTS.age, cell: (t) => <Age time={t.timestamp} /> },
    { key: 'from', header: INTERNAL_TEXTS.from, cell: (t) => <Address value={t.from} copy="detail" /> },
    { key: 'to', header: INTERNAL_TEXTS.to, cell: (t) => <Address value={t.to} copy="detail" /> },
    { key: 'value', header: INTERNAL_TEXTS.value, align: 'end', cell: (t) => <Amount value={t.value} wei={t.valueWei} /> },
    { key: 'type', header: INTERNAL_TEXTS.type, cell: (t) => <span className="tx-type">{t.callType}</span> },
    { key: 'status', header: INTERNAL_TEXTS.status, cell: (t) => <StatusBadge status={t.status} lower={lower} /> },
  ];
}

export function InternalTxTable({ items, isError = false, onRetry, caption, statusCase = 'title' }: InternalTxTableProps) {
  if (isError && items === undefined) return <LoadError message={LIST_LOAD_FAILED} onRetry={onRetry} />;
  return (
    <DataTable
      columns={columns(statusCase === 'lower')}
      rows={items}
      rowKey={(t) => `${t.hash}:${t.traceAddress}`}
      empty={EMPTY_TEXTS.noTrx}
      caption={caption}
    />
  );
}
