/**
 * Address detail (/address/{address}, r… or 0x… in any case): the r… checksum form with a copy
 * icon, a link to the token / contract page when the address is one, the overview, and the tabs
 * Transactions, Tokens, Token transfers, Internal txns (the specification), and Withdrawals when
 * the address has any, Events when it emitted any, NFTs when it holds any, and Approvals.
 *
 * Its first tab is drawn from two requests (tests/e2e/addressRequests.test.ts): the transactions
 * with the overview, and the counters (/getAddressCounters) that decide the tab bar
 * (useAddressTabs), the contract link with its marks, the holdings summary, the delegation and
 * the #code redirect. Every other list is asked only when its tab is opened.
 */
import { useEffect, useRef } from 'react';
import { EMPTY_TEXTS, PAGE_SIZE, SCREEN_TITLES, TABS, tabLabel } from '../../../common/spec';
import { CsvDownload } from '../../ui/CsvDownload';
import { PagedSection } from '../../ui/PagedSection';
import { Tabs } from '../../ui/Tabs';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { useTabParam } from '../../ui/useTabParam';
import { SearchBox } from '../../sections/search/SearchBox';
import { TransactionList } from '../../sections/transactions/TransactionList';
import { useAddressCountersQuery, useUserTxQuery } from './addressesApi';
import { WITHDRAWAL_TEXTS } from '../../sections/withdrawals/texts';
import { AddressTokensTab, AddressTokenTransfersTab, AddressWithdrawalsTab } from './AddressTabs';
import { AddressSummary } from './AddressSummary';
import { ContractLink } from './ContractLink';
import { DelegationBadge, DelegationHistory } from './Delegation';
import { DetailId } from '../../ui/DetailId';
import { DetailFailure, DetailPage } from '../../ui/DetailPage';
import { InternalTxnsTab } from '../../sections/addresses/InternalTxnsTab';
import { EventsTab } from '../../sections/addresses/EventsTab';
import { AddressNftsTab, NFTS_TEXTS } from './AddressNftsTab';
import { ApprovalsTab } from '../../sections/approvals/ApprovalsTab';
import { APPROVALS_TEXTS } from '../../sections/approvals/texts';
import { ADDRESS_TEXTS } from './texts';
import { useCodeAnchor } from './useCodeAnchor';
import { ALL_ADDRESS_TABS, useAddressTabs, type AddressTab } from './useAddressTabs';
import '../../ui/detail.css';
import './addresses.css';
import { MoreLikeThis } from '../../ui/MoreLikeThis';

export function AddressPage({ address }: { address: string }) {
  return (
    <DetailPage title={SCREEN_TITLES.address} address={address} invalid={ADDRESS_TEXTS.invalid} search={<SearchBox />}>
      {(a) => <AddressView address={a} />}
    </DetailPage>
  );
}

function AddressView({ address }: { address: string }) {
  const [wanted, setTab] = useTabParam<AddressTab>(ALL_ADDRESS_TABS);
  // The tab bar and the contract link from one answer: the optional tabs show only with rows
  // (chains without withdrawals show no tab rather than an empty one).
  const counters = useAddressCountersQuery(address);
  const c = counters.data?.result;
  const { tabs, selected: tab, pending, deadEnd } = useAddressTabs(address, wanted, counters.isError ? null : c);
  useCodeAnchor(address, c === undefined ? undefined : c.contractType !== null);
  // ?page= and ?ps= belong to the shown tab's list: the overview reads page 1 under other tabs.
  const list = usePagedUrl(PAGE_SIZE);
  const onTransactions = tab === TABS.address[0];
  const { data, currentData, error, isError, isFetching, refetch } = useUserTxQuery({
    address,
    page: onTransactions ? list.page : 1,
    size: onTransactions ? list.size : PAGE_SIZE,
  });
  const delegation = c?.delegation;
  // New activity may bring a token, an NFT or an event: counted again when the address's list moves.
  const activity = currentData ? `${currentData.trx_length}:${currentData.lastTransaction?.hash ?? ''}` : null;
  const { refetch: refetchCounters, isUninitialized } = counters;
  const seen = useRef<{ address: string; activity: string } | null>(null);
  useEffect(() => {
    if (activity === null) return;
    const before = seen.current;
    if (before?.address === address && before.activity === activity) return;
    seen.current = { address, activity };
    // The first answer for an address is what its counters were asked beside: only a later change asks again.
    if (before?.address === address && !isUninitialized) void refetchCounters();
  }, [address, activity, isUninitialized, refetchCounters]);
  if (isError && !data) return <DetailFailure address={address} error={error} texts={ADDRESS_TEXTS} onRetry={() => void refetch()} />;

  const shown = data?.address ?? address;
  return (
    <>
      <DetailId address={shown}>
        <ContractLink address={shown} counters={c} />
        <DelegationBadge delegation={delegation} />
        <MoreLikeThis query={{ from: shown, to: shown, mode: 'or' }} />
      </DetailId>
      <AddressSummary data={data} counters={counters.isError ? null : c} onShowTokens={() => setTab('Tokens')} />
      <DelegationHistory delegation={delegation} />
      <div className="panel detail-tabs list-panel">
        {deadEnd && (
          <p className="muted address-dead-end" role="status">
            {ADDRESS_TEXTS.deadEnd(tabLabel(deadEnd))}
          </p>
        )}
        <Tabs label={ADDRESS_TEXTS.tabsLabel} tabs={tabs} value={tab} onChange={setTab}>
          {(t) => {
            if (pending) return <p className="muted">{EMPTY_TEXTS.loading}</p>;
            switch (t) {
              case 'Tokens':
                return <AddressTokensTab address={address} />;
              case 'Token transfers':
                return (
                  <>
                    <CsvDownload kind="tokentransfers" address={address} />
                    <AddressTokenTransfersTab address={address} />
                  </>
                );
              case WITHDRAWAL_TEXTS.tab:
                return <AddressWithdrawalsTab address={address} />;
              case ADDRESS_TEXTS.events.tab:
                return <EventsTab address={address} />;
              case NFTS_TEXTS.tab:
                return <AddressNftsTab address={address} />;
              case APPROVALS_TEXTS.tab:
                return <ApprovalsTab address={address} />;
              case 'Internal txns':
                return (
                  <>
                    <CsvDownload kind="internal" address={address} />
                    <InternalTxnsTab address={address} caption={ADDRESS_TEXTS.captions.internal} />
                  </>
                );
              default:
                return (
                  <>
                    <CsvDownload kind="transactions" address={address} />
                    <PagedSection list={list} query={{ data, currentData, isFetching }} label={ADDRESS_TEXTS.transactionsPages}>
                      <TransactionList
                        items={isError ? undefined : data?.result}
                        isLoading={data === undefined && !isError}
                        isError={isError}
                        empty={EMPTY_TEXTS.noTrx}
                        caption={ADDRESS_TEXTS.captions.transactions}
                        perspective={shown}
                        showMethod
                      />
                    </PagedSection>
                  </>
                );
            }
          }}
        </Tabs>
      </div>
    </>
  );
}
