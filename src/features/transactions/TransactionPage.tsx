/**
 * /transaction/{hash} (the specification's explorer pages "Transaction detail"): title and summary line, then tabs
 * Details, Token transfers, Internal txns, Raw trace, and Logs (issue #22). A malformed hash (400) or an unknown one
 * (404) gets a clear message, never an endless 'Loading...'.
 */
import { SCREEN_TITLES, TABS } from '../../../common/spec';
import { Loading } from '../../ui/Loading';
import { PageTitle } from '../../ui/PageTitle';
import { Tabs } from '../../ui/Tabs';
import { useTabParam } from '../../ui/useTabParam';
import { SearchBox } from '../../sections/search/SearchBox';
import { DetailError } from '../../ui/DetailError';
import { RawTrace } from './RawTrace';
import { TxDetails } from './TxDetails';
import { TxInternalCalls } from './TxInternalCalls';
import { TxSummary } from './TxSummary';
import { TxTokenTransfers } from './TxTokenTransfers';
import { LogsTab } from './LogsTab';
import { useTransactionDetailQuery } from './transactionsApi';
import { LOG_TEXTS, TX_TEXTS } from './texts';
import '../../ui/detail.css';
import '../../ui/statusBadge.css';
import '../../ui/txType.css';
import './transactions.css';

type Tab = (typeof TABS.transaction)[number] | typeof LOG_TEXTS.tab;
/** The spec's tabs, then Logs (issue #22). */
const TX_TABS: readonly Tab[] = [...TABS.transaction, LOG_TEXTS.tab];

const errorTitles = () => ({ invalid: TX_TEXTS.invalidTitle, notFound: TX_TEXTS.notFoundTitle, other: TX_TEXTS.loadErrorTitle });
const errorHints = () => ({ invalid: TX_TEXTS.invalidHint, notFound: TX_TEXTS.notFoundHint });

export function TransactionPage({ hash }: { hash: string }) {
  const trimmed = hash.trim();
  const { data, error, isError, refetch } = useTransactionDetailQuery(trimmed);
  const [tab, setTab] = useTabParam<Tab>(TX_TABS);
  const tx = data?.result;

  return (
    <section className="page tx-detail">
      <SearchBox />
      <header className="detail-header">
        <PageTitle>{SCREEN_TITLES.transaction}</PageTitle>
        {tx ? <TxSummary tx={tx} /> : <p className="detail-summary mono muted">{trimmed}</p>}
      </header>
      <div className="panel">
        {isError && !tx ? (
          <DetailError error={error} titles={errorTitles()} hints={errorHints()} onRetry={() => void refetch()} />
        ) : !tx ? (
          <Loading minHeight="36rem" />
        ) : (
          <Tabs label={TX_TEXTS.detailTabsLabel} tabs={TX_TABS} value={tab} onChange={setTab}>
            {(t) =>
              t === 'Details' ? (
                <TxDetails tx={tx} />
              ) : t === 'Token transfers' ? (
                <TxTokenTransfers transfers={tx.tokenTransfers} />
              ) : t === LOG_TEXTS.tab ? (
                <LogsTab hash={tx.hash} />
              ) : t === 'Internal txns' ? (
                <TxInternalCalls calls={tx.internalTransactions} unavailable={tx.internalTransactionsUnavailable} />
              ) : (
                <RawTrace trace={tx.rawTrace} unavailable={tx.internalTransactionsUnavailable} />
              )
            }
          </Tabs>
        )}
      </div>
    </section>
  );
}
