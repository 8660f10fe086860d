/**
 * /transaction/{hash} (docs/decisions.md#spec-screens "Transaction detail"): title and summary line, then tabs
 * Details, Token transfers, Internal txns, Raw trace. A malformed hash (400) or an unknown one
 * (404) gets a clear message, never an endless 'Loading...'.
 */
import { useState } from 'react';
import { SCREEN_TITLES, TABS } from '../../../common/spec';
import { Loading } from '../../ui/Loading';
import { PageTitle } from '../../ui/PageTitle';
import { Tabs } from '../../ui/Tabs';
import { SearchBox } from '../search/SearchBox';
import { DetailError } from './DetailError';
import { RawTrace } from './RawTrace';
import { TxDetails } from './TxDetails';
import { TxInternalCalls } from './TxInternalCalls';
import { TxSummary } from './TxSummary';
import { TxTokenTransfers } from './TxTokenTransfers';
import { useTransactionDetailQuery } from './transactionsApi';
import { TX_TEXTS } from './texts';
import './transactions.css';

type Tab = (typeof TABS.transaction)[number];

const ERROR_TITLES = { invalid: TX_TEXTS.invalidTitle, notFound: TX_TEXTS.notFoundTitle, other: TX_TEXTS.loadErrorTitle } as const;
const ERROR_HINTS = { invalid: TX_TEXTS.invalidHint, notFound: TX_TEXTS.notFoundHint } as const;

export function TransactionPage({ hash }: { hash: string }) {
  const trimmed = hash.trim();
  const { data, error, isError, refetch } = useTransactionDetailQuery(trimmed);
  const [tab, setTab] = useState<Tab>(TABS.transaction[0]);
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
          <DetailError error={error} titles={ERROR_TITLES} hints={ERROR_HINTS} onRetry={() => void refetch()} />
        ) : !tx ? (
          <Loading minHeight="36rem" />
        ) : (
          <Tabs label={TX_TEXTS.detailTabsLabel} tabs={TABS.transaction} value={tab} onChange={setTab}>
            {(t) =>
              t === 'Details' ? (
                <TxDetails tx={tx} />
              ) : t === 'Token transfers' ? (
                <TxTokenTransfers transfers={tx.tokenTransfers} />
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
