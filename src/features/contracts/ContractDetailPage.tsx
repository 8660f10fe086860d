/**
 * Contract detail (/contractDetail/{a}, also /ContractDetail/{a}): name and address with a copy
 * icon, the overview, and the tabs Internal txns (20 per page), Contract (ABI and code, or the
 * bytecode when unverified) and Token (the contract's own token balances).
 */
import { SCREEN_TITLES, TABS } from '../../../common/spec';
import { Loading } from '../../ui/Loading';
import { Tabs } from '../../ui/Tabs';
import { useTabParam } from '../../ui/useTabParam';
import { DetailId } from '../../ui/DetailId';
import { DetailFailure, DetailPage } from '../../ui/DetailPage';
import { InternalTxnsTab } from '../addresses/InternalTxnsTab';
import { TokenHoldingsTable } from '../addresses/TokenHoldingsTable';
import { ContractCode } from './ContractCode';
import { ContractSummary } from './ContractSummary';
import { ProxyRead } from './ProxyRead';
import { ProxyWrite } from './ProxyWrite';
import { ProxySection } from './ProxySection';
import { useContractDetailQuery } from './contractsApi';
import { CONTRACT_TEXTS } from './texts';
import '../addresses/addresses.css';

type ContractTab = (typeof TABS.contract)[number];

export function ContractDetailPage({ contractAddress }: { contractAddress: string }) {
  return (
    <DetailPage title={SCREEN_TITLES.contractDetail} address={contractAddress} invalid={CONTRACT_TEXTS.invalid}>
      {(address) => <ContractView address={address} />}
    </DetailPage>
  );
}

function ContractView({ address }: { address: string }) {
  const [tab, setTab] = useTabParam<ContractTab>(TABS.contract);
  const { data, error, isError, refetch } = useContractDetailQuery(address);
  const contract = data?.result;

  if (isError && !contract) return <DetailFailure address={address} error={error} texts={CONTRACT_TEXTS} onRetry={() => void refetch()} />;

  const shown = contract?.contractAddress ?? address;
  return (
    <>
      <DetailId address={shown} name={contract?.name} />
      {contract ? <ContractSummary contract={contract} /> : <Loading minHeight="9rem" className="panel detail-summary" />}
      {contract?.proxy && <ProxySection proxy={contract.proxy} />}
      <div className="panel detail-tabs list-panel">
        <Tabs label="Contract details" tabs={TABS.contract} value={tab} onChange={setTab}>
          {(t) => {
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
