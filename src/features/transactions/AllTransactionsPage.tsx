/**
 * /Alltransactions (the specification's explorer pages "All transactions"): title, four tiles, tabs Validated /
 * Pending / Blob txns. Validated pages through /getAllTransction/{page}/{size} (20 by default);
 * the tab, page and size live in the URL (?tab=, ?page=, ?ps=) so a link or a reload keeps them.
 */
import { EMPTY_TEXTS, PAGE_SIZE, SCREEN_TITLES, TABS } from '../../../common/spec';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { RetryButton } from '../../ui/RetryButton';
import { PagedSection } from '../../ui/PagedSection';
import { Tabs } from '../../ui/Tabs';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { useTabParam } from '../../ui/useTabParam';
import { StatTiles } from './StatTiles';
import { TransactionList } from '../../sections/transactions/TransactionList';
import { PendingList } from './PendingList';
import { useAllTransactionsQuery } from './transactionsApi';
import { TX_TEXTS } from './texts';
import '../../ui/detail.css';
import './transactions.css';

type Tab = (typeof TABS.allTransactions)[number];

function ValidatedPanel() {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useAllTransactionsQuery({ page: list.page, size: list.size });
  const { data, isLoading, isError, refetch } = q;

  if (isError && !data) {
    return (
      <div className="tx-list-error">
        <TransactionList items={undefined} isError empty={EMPTY_TEXTS.noTransactions} caption={TX_TEXTS.validatedCaption} />
        <RetryButton onRetry={() => void refetch()} />
      </div>
    );
  }
  return (
    <PagedSection list={list} query={q} label={TX_TEXTS.pagesLabel}>
      <TransactionList items={data?.result} isLoading={isLoading} empty={EMPTY_TEXTS.noTransactions} caption={TX_TEXTS.validatedCaption} />
    </PagedSection>
  );
}

export function AllTransactionsPage() {
  const [tab, setTab] = useTabParam<Tab>(TABS.allTransactions);
  return (
    <section className="page tx-page">
      <PageTitle>{SCREEN_TITLES.allTransactions}</PageTitle>
      <StatTiles />
      <div className="panel">
        <Tabs label={TX_TEXTS.tabsLabel} tabs={TABS.allTransactions} value={tab} onChange={setTab}>
          {(t) =>
            t === 'Validated' ? <ValidatedPanel /> : t === 'Pending' ? <PendingList /> : <EmptyState>{EMPTY_TEXTS.noBlob}</EmptyState>
          }
        </Tabs>
      </div>
    </section>
  );
}
