import { Link } from 'wouter';
import type { TransactionListItem } from '../../../common/api/transactions';
import { EMPTY_TEXTS, PAGE_SIZE, STATUS } from '../../../common/spec';
import { urls } from '../../app/urls';
import { shortenAddress, shortenHash } from '../../lib/shorten';
import { Age } from '../../ui/Age';
import { Amount } from '../../ui/Amount';
import { DataTable, type Column } from '../../ui/DataTable';
import { PagedSection } from '../../ui/PagedSection';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { useUserTxQuery } from '../addresses/addressesApi';
import { WALLET_TEXTS } from './texts';

/** Send when the wallet sent it, else Received (docs/decisions.md#spec-states); addresses compared case-insensitively. */
export function direction(wallet: string, from: string): string {
  return wallet.toLowerCase() === from.toLowerCase() ? WALLET_TEXTS.sent : WALLET_TEXTS.received;
}

/** Recent Transactions tab: the wallet's transactions, 20 a page, newest first; the page in the URL. */
export function RecentTransactions({ address }: { address: string }) {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useUserTxQuery({ address, page: list.page, size: list.size }, { refetchOnMountOrArgChange: true });
  const columns: Column<TransactionListItem>[] = [
    {
      key: 'hash',
      header: WALLET_TEXTS.hash,
      cell: (t) => (
        <Link href={urls.transaction(t.hash)} className="mono">
          {shortenHash(t.hash)}
        </Link>
      ),
    },
    {
      key: 'type',
      header: WALLET_TEXTS.type,
      cell: (t) => (
        <span className="badge" data-testid="tx-direction">
          {direction(address, t.from)}
        </span>
      ),
    },
    {
      key: 'from',
      header: WALLET_TEXTS.from,
      cell: (t) => (
        <Link href={urls.address(t.from)} className="mono">
          {shortenAddress(t.from)}
        </Link>
      ),
    },
    {
      key: 'to',
      header: WALLET_TEXTS.to,
      cell: (t) =>
        t.to ? (
          <Link href={urls.address(t.to)} className="mono">
            {shortenAddress(t.to)}
          </Link>
        ) : (
          '—'
        ),
    },
    { key: 'value', header: WALLET_TEXTS.value, align: 'end', cell: (t) => <Amount wei={t.valueWei} /> },
    { key: 'age', header: WALLET_TEXTS.age, cell: (t) => <Age time={t.timestamp} /> },
    { key: 'status', header: WALLET_TEXTS.status, cell: (t) => (t.status === 1 ? STATUS.successLower : STATUS.failedLower) },
  ];
  return (
    <PagedSection list={list} query={q} variant="dashboard" label={WALLET_TEXTS.recentPages}>
      <DataTable
        caption={WALLET_TEXTS.recentCaption}
        columns={columns}
        rows={q.isError ? [] : q.data?.result}
        loading={q.isFetching && !q.data}
        rowKey={(t) => t.hash}
        empty={EMPTY_TEXTS.noTrx}
        placeholderRows={3}
      />
    </PagedSection>
  );
}
