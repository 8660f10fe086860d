/**
 * The Pending tab of /Alltransactions (docs/decisions.md#pending-transactions):
 * the transactions waiting in the node's pool, as the tile counts them: hash, nonce, first seen,
 * from, to, value and the most it may cost. A pooled hash has no page yet (it is not mined), so it
 * is copyable text, not a link. Polled every block time while shown.
 */
import type { PendingTransaction } from '../../../common/api/pending';
import { EMPTY_TEXTS } from '../../../common/spec';
import { Address } from '../../ui/Address';
import { Age } from '../../ui/Age';
import { Amount } from '../../ui/Amount';
import { DataTable, type Column } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { Hash } from '../../ui/Hash';
import { RetryButton } from '../../ui/RetryButton';
import { usePendingTransactionsQuery } from './transactionsApi';
import { TX_TEXTS } from './texts';

/** The devnet mines every 10 s: a new look at the pool as often. */
export const PENDING_POLL_MS = 10_000;

function columns(): readonly Column<PendingTransaction>[] {
  const P = TX_TEXTS.pending;
  return [
    { key: 'hash', header: P.hash, cell: (t) => <Hash value={t.hash} href={null} copy="detail" /> },
    { key: 'nonce', header: P.nonce, align: 'end', cell: (t) => t.nonce },
    { key: 'seen', header: P.firstSeen, cell: (t) => <Age time={t.firstSeen} /> },
    { key: 'from', header: P.from, cell: (t) => <Address value={t.from} lead={12} /> },
    { key: 'to', header: P.to, cell: (t) => <Address value={t.to} lead={12} /> },
    { key: 'value', header: P.value, align: 'end', cell: (t) => <Amount value={t.value} wei={t.valueWei} /> },
    { key: 'fee', header: P.maxFee, align: 'end', cell: (t) => <Amount value={t.fee} wei={t.feeWei} kind="fee" /> },
  ];
}

export function PendingList() {
  const { data, isError, refetch } = usePendingTransactionsQuery(undefined, { pollingInterval: PENDING_POLL_MS });
  const P = TX_TEXTS.pending;
  if (isError && !data) {
    return (
      <EmptyState>
        <span role="alert">{P.loadError}</span> <RetryButton onRetry={() => void refetch()} />
      </EmptyState>
    );
  }
  const n = data?.pendingTransactions ?? 0;
  return (
    <>
      {data && n > data.result.length ? <p className="muted">{P.shownOf(data.result.length, n)}</p> : null}
      <DataTable columns={columns()} rows={data?.result} rowKey={(t) => t.hash} empty={EMPTY_TEXTS.noPending} caption={P.caption} />
    </>
  );
}
