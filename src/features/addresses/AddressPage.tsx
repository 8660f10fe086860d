/**
 * Address detail (/address/{address}, r… or 0x… in any case): the r… checksum form with a copy
 * icon, a link to the token / contract page when the address is one, the overview, and the tabs
 * Transactions, Tokens, Token transfers, Internal txns (docs/decisions.md#spec-screens, #spec-states), and Withdrawals when
 * the address has any (issue #28).
 */
import { useState } from 'react';
import { EMPTY_TEXTS, PAGE_SIZE, SCREEN_TITLES, TABS } from '../../../common/spec';
import { Tabs } from '../../ui/Tabs';
import { TransactionList } from '../transactions/TransactionList';
import { useAddressTransactionsQuery } from './addressesApi';
import { WITHDRAWAL_TEXTS } from '../blocks/texts';
import { AddressTokensTab, AddressTokenTransfersTab, AddressWithdrawalsTab, useHasWithdrawals } from './AddressTabs';
import { AddressSummary } from './AddressSummary';
import { ContractLink } from './ContractLink';
import { DetailId } from './DetailId';
import { DetailFailure, DetailPage } from './DetailPage';
import { InternalTxnsTab } from './InternalTxnsTab';
import { PagedSection } from './PagedSection';
import { ADDRESS_TEXTS } from './texts';
import './addresses.css';

type AddressTab = (typeof TABS.address)[number] | typeof WITHDRAWAL_TEXTS.tab;

const WITH_WITHDRAWALS: readonly AddressTab[] = [...TABS.address, WITHDRAWAL_TEXTS.tab];

/** The kind an API answer may carry (not part of the current response type). */
type MaybeKind = { contractType?: 'rbc20' | 'dapp' | null };

export function AddressPage({ address }: { address: string }) {
  return (
    <DetailPage title={SCREEN_TITLES.address} address={address}>
      {(a) => <AddressView address={a} />}
    </DetailPage>
  );
}

function AddressView({ address }: { address: string }) {
  const [tab, setTab] = useState<AddressTab>(TABS.address[0]);
  const [pages, setPages] = useState({ transactions: 1, transfers: 1, internal: 1, withdrawals: 1 });
  const setPage = (key: keyof typeof pages) => (page: number) => setPages((p) => ({ ...p, [key]: page }));
  const { data, currentData, error, isError, isFetching, refetch } = useAddressTransactionsQuery({
    address,
    page: pages.transactions,
    size: PAGE_SIZE,
  });
  // Chains without withdrawals (and a failed fetch) show no tab rather than an empty one.
  const tabs = useHasWithdrawals(address) ? WITH_WITHDRAWALS : TABS.address;

  if (isError && !data) return <DetailFailure address={address} error={error} texts={ADDRESS_TEXTS} onRetry={() => void refetch()} />;

  const shown = data?.address ?? address;
  const kind = (data as MaybeKind | undefined)?.contractType;
  return (
    <>
      <DetailId address={shown}>
        <ContractLink address={shown} knownKind={kind} />
      </DetailId>
      <AddressSummary data={data} />
      <div className="panel detail-tabs list-panel">
        <Tabs label="Address details" tabs={tabs} value={tabs.includes(tab) ? tab : TABS.address[0]} onChange={setTab}>
          {(t) => {
            switch (t) {
              case 'Tokens':
                return <AddressTokensTab address={address} />;
              case 'Token transfers':
                return <AddressTokenTransfersTab address={address} page={pages.transfers} onPageChange={setPage('transfers')} />;
              case WITHDRAWAL_TEXTS.tab:
                return <AddressWithdrawalsTab address={address} page={pages.withdrawals} onPageChange={setPage('withdrawals')} />;
              case 'Internal txns':
                return <InternalTxnsTab address={address} page={pages.internal} onPageChange={setPage('internal')} caption={ADDRESS_TEXTS.captions.internal} />;
              default:
                return (
                  <PagedSection
                    page={pages.transactions}
                    onPageChange={setPage('transactions')}
                    query={{ data, currentData, isFetching }}
                    label="Transactions pages"
                  >
                    <TransactionList
                      items={isError ? undefined : data?.result}
                      isLoading={data === undefined && !isError}
                      isError={isError}
                      empty={EMPTY_TEXTS.noTrx}
                      caption={ADDRESS_TEXTS.captions.transactions}
                    />
                  </PagedSection>
                );
            }
          }}
        </Tabs>
      </div>
    </>
  );
}
