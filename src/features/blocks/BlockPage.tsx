/**
 * /Block/{n} and /block/{value} (docs/decisions.md#spec-screens "Block pages"): 'Block #number', the validator,
 * tabs Details, Transactions, Blob txns, and Withdrawals when the block has any. The value may be a number or a hash; an invalid one (400)
 * or an unknown block (404) gets a clear message, never an endless 'Loading...'.
 */
import { EMPTY_TEXTS, SCREEN_TITLES, TABS } from '../../../common/spec';
import { Address } from '../../ui/Address';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { PageTitle } from '../../ui/PageTitle';
import { Tabs } from '../../ui/Tabs';
import { useTabParam } from '../../ui/useTabParam';
import { SearchBox } from '../../sections/search/SearchBox';
import { DetailError } from '../../ui/DetailError';
import { TransactionList } from '../../sections/transactions/TransactionList';
import { TX_STATS_POLL_MS, useTransactionStatsQuery } from '../transactions/transactionsApi';
import { BlockDetails } from './BlockDetails';
import { useBlockDetailQuery, useBlockWithdrawalsQuery } from './blocksApi';
import { BLOCK_TEXTS, WITHDRAWAL_TEXTS } from './texts';
import { WithdrawalsTable } from '../../sections/withdrawals/WithdrawalsTable';
import '../../ui/detail.css';
import './blocks.css';

type Tab = (typeof TABS.block)[number] | typeof WITHDRAWAL_TEXTS.tab;

const WITH_WITHDRAWALS: readonly Tab[] = [...TABS.block, WITHDRAWAL_TEXTS.tab];

/** Read while rendering, in the active language. */
const errorTitles = () => ({ invalid: BLOCK_TEXTS.invalidTitle, notFound: BLOCK_TEXTS.notFoundTitle, other: BLOCK_TEXTS.loadErrorTitle });
const errorHints = () => ({ invalid: BLOCK_TEXTS.invalidHint, notFound: BLOCK_TEXTS.notFoundHint });

/** A block number or a block hash; anything else is refused before asking the server. */
export function isBlockValue(value: string): boolean {
  return /^\d+$/.test(value) || /^0x[0-9a-fA-F]{64}$/.test(value);
}

export function BlockPage({ blockNumber }: { blockNumber: string }) {
  const value = blockNumber.trim();
  if (!isBlockValue(value)) return <InvalidBlock value={value} />;
  return <ValidBlockPage value={value} />;
}

/** '/Block/abc': a heading and a message that say what is wrong, never 'Block #' over an empty page. */
function InvalidBlock({ value }: { value: string }) {
  return (
    <section className="page tx-detail">
      <SearchBox />
      <header className="detail-header">
        <PageTitle>{BLOCK_TEXTS.invalidTitle}</PageTitle>
      </header>
      <div className="panel">
        <EmptyState minHeight="12rem">
          <div className="detail-error" role="alert">
            <p className="detail-error__message">{BLOCK_TEXTS.invalidValue(value)}</p>
            <p className="muted">{BLOCK_TEXTS.invalidHint}</p>
          </div>
        </EmptyState>
      </div>
    </section>
  );
}

function ValidBlockPage({ value }: { value: string }) {
  const { data, error, isError, refetch } = useBlockDetailQuery(value);
  const { data: stats } = useTransactionStatsQuery(undefined, { pollingInterval: TX_STATS_POLL_MS });
  const [tab, setTab] = useTabParam<Tab>(WITH_WITHDRAWALS);
  const block = data?.result;
  // By the number once known, so a hash and its number share one cache entry. Chains without
  // withdrawals (and a failed fetch) show no tab rather than an empty one.
  const { data: withdrawals } = useBlockWithdrawalsQuery(block ? String(block.number) : value, { skip: !block });
  const withdrawalItems = withdrawals?.result ?? [];
  const tabs = withdrawalItems.length > 0 ? WITH_WITHDRAWALS : TABS.block;
  const heading = block ? String(block.number) : /^\d+$/.test(value) ? value : '';

  return (
    <section className="page tx-detail">
      <SearchBox />
      <header className="detail-header">
        <PageTitle documentTitle={`${SCREEN_TITLES.block}${heading}`}>{`${SCREEN_TITLES.block}${heading}`}</PageTitle>
        <p className="detail-summary">
          {block ? (
            <>
              {BLOCK_TEXTS.validator}: <Address value={block.miner} lead={20} copy="detail" />
            </>
          ) : (
            <span className="mono muted">{value}</span>
          )}
        </p>
      </header>
      <div className="panel">
        {isError && !block ? (
          <DetailError error={error} titles={errorTitles()} hints={errorHints()} onRetry={() => void refetch()} />
        ) : !block || !data ? (
          <Loading minHeight="36rem" />
        ) : (
          <Tabs label={BLOCK_TEXTS.detailTabsLabel} tabs={tabs} value={tabs.includes(tab) ? tab : TABS.block[0]} onChange={setTab}>
            {(t) =>
              t === 'Details' ? (
                <BlockDetails block={block} latest={stats?.result.latestBlockNumber} onShowTransactions={() => setTab('Transactions')} />
              ) : t === 'Transactions' ? (
                <TransactionList items={data.transactionData} empty={EMPTY_TEXTS.noTransactions} caption={BLOCK_TEXTS.blockTxCaption} />
              ) : t === WITHDRAWAL_TEXTS.tab ? (
                <WithdrawalsTable items={withdrawalItems} by="address" caption={WITHDRAWAL_TEXTS.blockCaption} />
              ) : (
                <EmptyState>{EMPTY_TEXTS.noBlobTxns}</EmptyState>
              )
            }
          </Tabs>
        )}
      </div>
    </section>
  );
}
