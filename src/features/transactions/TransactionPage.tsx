/**
 * /transaction/{hash} (the specification's explorer pages "Transaction detail"): title and summary line, then tabs
 * Details, Token transfers, Internal txns, Raw trace, Logs, State and Call tree (the call tree
 * loaded when opened). A malformed hash (400) or an unknown one
 * (404) gets a clear message, never an endless 'Loading...'. A hash the index does not hold yet is
 * asked of the node: a transaction waiting in its pool (or just mined) shows as pending, and the page asks again by
 * itself until the detail is indexed; a hash nobody knows keeps the not-found text and is re-checked for a while.
 */
import { Suspense, useEffect, useState } from 'react';
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
import { TxActions, TxSummary } from './TxSummary';
import { TxTokenTransfers } from './TxTokenTransfers';
import { LogsTab } from './LogsTab';
import { StateTab } from './StateTab';
import { STATE_TEXTS } from './stateTexts';
import { PendingTxView } from './PendingTxView';
import { useNodeTransactionQuery, useTransactionDetailQuery } from './transactionsApi';
import { RECHECK_MS, useRecheckWindow } from './useRecheck';
import { classifyFailure } from '../../lib/failure';
import { RetryButton } from '../../ui/RetryButton';
import { LOG_TEXTS, TX_TEXTS } from './texts';
import { CALL_TREE_TAB } from './callTreeTexts';
import { lazyComponent } from '../../lib/lazyComponent';
import '../../ui/detail.css';
import '../../ui/statusBadge.css';
import '../../ui/txType.css';
import './transactions.css';
import { MoreLikeThis, txFilterQuery } from '../../ui/MoreLikeThis';

type Tab = (typeof TABS.transaction)[number] | typeof LOG_TEXTS.tab | typeof STATE_TEXTS.tab | typeof CALL_TREE_TAB;
/** The spec's tabs, then Logs, State and the Call tree. */
const TX_TABS: readonly Tab[] = [...TABS.transaction, LOG_TEXTS.tab, STATE_TEXTS.tab, CALL_TREE_TAB];
/** Its own chunk and request, loaded when the tab opens: nothing on the page's first paint. */
const CallTreeTab = lazyComponent(() => import('./CallTreeTab').then((m) => m.CallTreeTab));

const errorTitles = () => ({ invalid: TX_TEXTS.invalidTitle, notFound: TX_TEXTS.notFoundTitle, other: TX_TEXTS.loadErrorTitle });
const errorHints = () => ({ invalid: TX_TEXTS.invalidHint, notFound: TX_TEXTS.notFoundHint });

export function TransactionPage({ hash }: { hash: string }) {
  const trimmed = hash.trim();
  const [notIndexed, setNotIndexed] = useState(false);
  // Known to the node (pending or just mined): asked again until indexed, with no time limit.
  const [nodeKnows, setNodeKnows] = useState(false);
  const recheck = useRecheckWindow(notIndexed && !nodeKnows);
  const polling = notIndexed && (nodeKnows || recheck.checking) ? RECHECK_MS : 0;
  const { data, error, refetch } = useTransactionDetailQuery(trimmed, { pollingInterval: polling });
  const [tab, setTab] = useTabParam<Tab>(TX_TABS);
  const tx = data?.result;
  // The cache entry keeps its error while a re-check is in flight: the page does not flash a
  // skeleton, nor restart its re-check window, at every poll.
  const failed = !tx && error !== undefined;
  const notFound = failed && classifyFailure(error).kind === 'notFound';
  useEffect(() => setNotIndexed(notFound), [notFound]);
  const node = useNodeTransactionQuery(trimmed, { skip: !notFound, pollingInterval: polling });
  const pending = notFound ? node.data?.result : undefined;
  useEffect(() => setNodeKnows(pending !== undefined), [pending]);

  return (
    <section className="page tx-detail">
      <SearchBox />
      <header className="detail-header">
        <PageTitle>{SCREEN_TITLES.transaction}</PageTitle>
        {tx ? <TxSummary tx={tx} /> : <p className="detail-summary mono muted">{trimmed}</p>}
        {tx && <TxActions tx={tx} />}
        {tx && <MoreLikeThis query={txFilterQuery(tx)} />}
      </header>
      <div className="panel">
        {pending ? (
          <PendingTxView tx={pending} />
        ) : failed ? (
          <>
            <DetailError error={error} titles={errorTitles()} hints={errorHints()} onRetry={() => void refetch()} />
            {notFound &&
              (recheck.checking ? (
                <p className="muted tx-recheck" role="status">
                  {TX_TEXTS.recheckingHint}
                </p>
              ) : (
                <p className="tx-recheck">
                  <RetryButton
                    onRetry={() => {
                      recheck.restart();
                      void refetch();
                    }}
                  />
                </p>
              ))}
          </>
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
              ) : t === STATE_TEXTS.tab ? (
                <StateTab hash={tx.hash} />
              ) : t === CALL_TREE_TAB ? (
                <Suspense fallback={<Loading minHeight="12rem" />}>
                  <CallTreeTab hash={tx.hash} />
                </Suspense>
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
