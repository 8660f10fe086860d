/**
 * /Alltransactions (docs/decisions.md#spec-screens "All transactions"): title, four tiles, tabs Validated /
 * Pending / Blob txns. Validated pages through /getAllTransction/{page}/20; the page lives in
 * the URL (?page=N) so a reload keeps it.
 */
import { useState } from 'react';
import { EMPTY_TEXTS, PAGE_SIZE, SCREEN_TITLES, TABS } from '../../../common/spec';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { Tabs } from '../../ui/Tabs';
import { StatTiles } from './StatTiles';
import { TransactionList } from './TransactionList';
import { useAllTransactionsQuery, useTransactionStatsQuery } from './transactionsApi';
import { TX_TEXTS } from './texts';
import { UrlPagedSection } from './UrlPagedSection';
import { usePageParam } from './usePageParam';
import './transactions.css';

type Tab = (typeof TABS.allTransactions)[number];

function ValidatedPanel() {
  const [page, setPage] = usePageParam();
  const { data, isLoading, isFetching, isError, refetch } = useAllTransactionsQuery({ page, size: PAGE_SIZE });

  if (isError && !data) {
    return (
      <div className="tx-list-error">
        <TransactionList items={undefined} isError empty={EMPTY_TEXTS.noTransactions} caption={TX_TEXTS.validatedCaption} />
        <button type="button" className="btn btn--small" onClick={() => void refetch()}>
          {TX_TEXTS.retry}
        </button>
      </div>
    );
  }
  return (
    <UrlPagedSection page={page} onPageChange={setPage} totalPages={data?.totalPages} isLoading={isLoading} isFetching={isFetching} label="Transactions pages">
      <TransactionList items={data?.result} isLoading={isLoading} empty={EMPTY_TEXTS.noTransactions} caption={TX_TEXTS.validatedCaption} />
    </UrlPagedSection>
  );
}

function PendingPanel() {
  const { data } = useTransactionStatsQuery();
  const n = data?.result.pendingTransactions ?? 0;
  return <EmptyState>{n > 0 ? TX_TEXTS.pendingInPool(n) : EMPTY_TEXTS.noPending}</EmptyState>;
}

export function AllTransactionsPage() {
  const [tab, setTab] = useState<Tab>(TABS.allTransactions[0]);
  return (
    <section className="page tx-page">
      <PageTitle>{SCREEN_TITLES.allTransactions}</PageTitle>
      <StatTiles />
      <div className="panel">
        <Tabs label={TX_TEXTS.tabsLabel} tabs={TABS.allTransactions} value={tab} onChange={setTab}>
          {(t) =>
            t === 'Validated' ? <ValidatedPanel /> : t === 'Pending' ? <PendingPanel /> : <EmptyState>{EMPTY_TEXTS.noBlob}</EmptyState>
          }
        </Tabs>
      </div>
    </section>
  );
}
