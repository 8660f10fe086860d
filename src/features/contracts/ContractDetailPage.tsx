/**
 * Contract detail (/contractDetail/{a}, also /ContractDetail/{a}): name and address with a copy
 * icon, the overview, and the tabs Transactions (the default: the overview counts them;
 * docs/decisions.md#contract-tabs), the spec's Internal txns (20 per page), Contract (ABI
 * and code, or the bytecode when unverified) and Token (the contract's own token balances), and
 * Events when the contract emitted any.
 */
import { EMPTY_TEXTS, PAGE_SIZE, SCREEN_TITLES, TABS } from '../../../common/spec';
import { PagedSection } from '../../ui/PagedSection';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { useUserTxQuery } from '../addresses/addressesApi';
import { EventsTab, useHasEvents } from '../../sections/addresses/EventsTab';
import { TransactionList } from '../../sections/transactions/TransactionList';
import { Loading } from '../../ui/Loading';
import { Tabs } from '../../ui/Tabs';
import { useTabParam } from '../../ui/useTabParam';
import { DetailId } from '../../ui/DetailId';
import { DetailFailure, DetailPage } from '../../ui/DetailPage';
import { SearchBox } from '../../sections/search/SearchBox';
import { InternalTxnsTab } from '../../sections/addresses/InternalTxnsTab';
import { TokenHoldingsTable } from '../../sections/tokens/TokenHoldingsTable';
import { ContractCode } from '../../sections/contract/ContractCode';
import { ContractSummary } from './ContractSummary';
import { ProxyRead } from './ProxyRead';
import { ProxyWrite } from './ProxyWrite';
import { ProxySection } from '../../sections/contract/ProxySection';
import { ContractVerification } from '../../sections/contract/ContractVerification';
import { useContractDetailQuery } from './contractsApi';
import { CONTRACT_TEXTS } from './texts';
import '../../ui/detail.css';

type ContractTab = (typeof TABS.contract)[number] | typeof CONTRACT_TEXTS.transactionsTab | typeof CONTRACT_TEXTS.eventsTab;
/** Every tab the page may show; Transactions first, so it is the default. */
const ALL_TABS: readonly ContractTab[] = [CONTRACT_TEXTS.transactionsTab, ...TABS.contract, CONTRACT_TEXTS.eventsTab];

function ContractTransactionsTab({ address }: { address: string }) {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useUserTxQuery({ address, page: list.page, size: list.size });
  return (
    <PagedSection list={list} query={q} label={CONTRACT_TEXTS.transactionsPages}>
      <TransactionList
        items={q.isError ? undefined : q.data?.result}
        isLoading={q.data === undefined && !q.isError}
        isError={q.isError}
        empty={EMPTY_TEXTS.noTrx}
        caption={CONTRACT_TEXTS.transactionsCaption}
        perspective={q.data?.address ?? address}
        showMethod
      />
    </PagedSection>
  );
}

export function ContractDetailPage({ contractAddress }: { contractAddress: string }) {
  return (
    <DetailPage title={SCREEN_TITLES.contractDetail} address={contractAddress} invalid={CONTRACT_TEXTS.invalid} search={<SearchBox />}>
      {(address) => <ContractView address={address} />}
    </DetailPage>
  );
}

function ContractView({ address }: { address: string }) {
  const [tab, setTab] = useTabParam<ContractTab>(ALL_TABS);
  const events = useHasEvents(address);
  const tabs = events ? ALL_TABS : ALL_TABS.filter((t) => t !== CONTRACT_TEXTS.eventsTab);
  const { data, error, isError, refetch } = useContractDetailQuery(address);
  const contract = data?.result;

  if (isError && !contract) return <DetailFailure address={address} error={error} texts={CONTRACT_TEXTS} onRetry={() => void refetch()} />;

  const shown = contract?.contractAddress ?? address;
  return (
    <>
      <DetailId address={shown} name={contract?.name} />
      {contract ? <ContractSummary contract={contract} /> : <Loading minHeight="9rem" className="panel detail-summary" />}
      {contract?.proxy && <ProxySection proxy={contract.proxy} />}
      {contract && <ContractVerification contract={contract} />}
      <div className="panel detail-tabs list-panel">
        <Tabs label={CONTRACT_TEXTS.tabsLabel} tabs={tabs} value={tabs.includes(tab) ? tab : ALL_TABS[0]!} onChange={setTab}>
          {(t) => {
            if (t === CONTRACT_TEXTS.transactionsTab) return <ContractTransactionsTab address={address} />;
            if (t === CONTRACT_TEXTS.eventsTab) return <EventsTab address={address} />;
            if (t === 'Contract') {
              return contract ? (
                <>
                  {contract.proxy && <ProxyRead address={contract.contractAddress} proxy={contract.proxy} />}
                  {contract.proxy && <ProxyWrite address={contract.contractAddress} proxy={contract.proxy} />}
                  <ContractCode
                    verified={contract.verified}
                    abi={contract.abi}
                    contractcode={contract.contractcode}
                    bytecode={contract.bytecode}
                    address={contract.contractAddress}
                    target={contract.verification?.fullyQualifiedName ?? contract.verification?.contractName}
                  />
                </>
              ) : (
                <Loading />
              );
            }
            if (t === 'Token') {
              return <TokenHoldingsTable items={contract?.tokens} caption={CONTRACT_TEXTS.tokensCaption} />;
            }
            return <InternalTxnsTab address={address} caption={CONTRACT_TEXTS.internalCaption} />;
          }}
        </Tabs>
      </div>
    </>
  );
}
