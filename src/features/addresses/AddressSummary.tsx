/**
 * The address overview: the balance in RUBY, large, with its US dollar value at the header's price
 *, then the transaction count, gas used, last balance update, the first and
 * last transaction (with their ages) and a summary of the token holdings (how many tokens, how
 * many NFT collections), which opens the Tokens tab.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { EMPTY_TEXTS, NO_VALUE } from '../../../common/spec';
import type { AddressCounters, AddressTransactionsResponse, TxRef } from '../../../common/api/addresses';
import { urls } from '../../app/urls';
import { Age } from '../../ui/Age';
import { Amount } from '../../ui/Amount';
import { Hash } from '../../ui/Hash';
import { formatUsdValue } from '../../lib/amount';
import { formatCount } from '../../lib/amount';
import { DetailSummary } from '../../ui/DetailSummary';
import { useGetRubyPriceQuery } from '../status/statusApi';
import { ADDRESS_TEXTS } from './texts';

interface AddressSummaryProps {
  data: AddressTransactionsResponse | undefined;
  /** The page's counters answer (the holdings summary); undefined while it loads, null when it failed. */
  counters: AddressCounters | null | undefined;
  /** Opens the Tokens tab (the holdings summary's link). */
  onShowTokens: () => void;
}

function TxEnd({ tx }: { tx: TxRef | null | undefined }) {
  if (!tx) return <>{NO_VALUE}</>;
  return (
    <span className="address-tx-end">
      <Hash value={tx.hash} copy={false} />{' '}
      {/* One flex item: the row's gap goes between the hash and "(14s ago)", not inside the brackets. */}
      <span>
        <span className="muted">{'('}</span>
        <Age time={tx.timestamp} />
        <span className="muted">{')'}</span>
      </span>
    </span>
  );
}

/**
 * A transaction end's room: two lines (the hash and its age wrap in a column of the overview's
 * grid), the same while loading and with no transaction, so nothing below moves when the data
 * arrives (the page's CLS on a phone).
 */
function TxSlot({ children }: { children: ReactNode }) {
  return <span className="address-tx-slot">{children}</span>;
}

function Holdings({ counters, onShowTokens }: { counters: AddressCounters | null | undefined; onShowTokens: () => void }): ReactNode {
  if (counters === null) return NO_VALUE;
  if (!counters) return <span className="muted">{EMPTY_TEXTS.loading}</span>;
  const text = ADDRESS_TEXTS.holdings(counters.tokens, counters.nftCollections);
  if (counters.tokens + counters.nftCollections === 0) return text;
  return (
    <button type="button" className="link-button" onClick={onShowTokens}>
      {text}
    </button>
  );
}

export function AddressSummary({ data, counters, onShowTokens }: AddressSummaryProps) {
  const price = useGetRubyPriceQuery();
  const loading = <span className="muted">{EMPTY_TEXTS.loading}</span>;
  const block = data?.lastBalanceUpdate;
  const lastUpdate =
    block === null || block === undefined ? NO_VALUE : <Link href={urls.block(block)}>{ADDRESS_TEXTS.blockNumber(block)}</Link>;
  const usd = data && price.data ? formatUsdValue(BigInt(data.balanceWei), price.data.result.price) : null;
  return (
    <>
      <section className="panel address-balance" aria-label={ADDRESS_TEXTS.balance}>
        <span className="address-balance__label">{ADDRESS_TEXTS.balance}</span>
        <span className="address-balance__value">{data ? <Amount value={data.balance} wei={data.balanceWei} /> : loading}</span>
        <span className="address-balance__usd">{usd === null ? '\u00a0' : ADDRESS_TEXTS.usdValue(usd)}</span>
      </section>
      <DetailSummary
        id="address-overview"
        title={ADDRESS_TEXTS.overview}
        rows={[
          [ADDRESS_TEXTS.transactions, data ? formatCount(data.trx_length) : loading],
          [ADDRESS_TEXTS.gasUsed, data ? formatCount(data.Gasused) : loading],
          [ADDRESS_TEXTS.lastBalanceUpdate, data ? lastUpdate : loading],
          [ADDRESS_TEXTS.firstTransaction, <TxSlot key="f">{data ? <TxEnd tx={data.firstTransaction} /> : loading}</TxSlot>],
          [ADDRESS_TEXTS.lastTransaction, <TxSlot key="l">{data ? <TxEnd tx={data.lastTransaction} /> : loading}</TxSlot>],
          [ADDRESS_TEXTS.tokenHoldings, <Holdings key="h" counters={counters} onShowTokens={onShowTokens} />],
        ]}
      />
    </>
  );
}
