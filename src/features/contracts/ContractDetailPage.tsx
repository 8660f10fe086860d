/**
 * Contract detail (/contractDetail/{a}, also /ContractDetail/{a}): name and address with a copy
 * icon, the overview, and the tabs Internal txns (20 per page), Contract (ABI and code, or the
 * bytecode when unverified) and Token (the contract's own token balances).
 */
import { useState } from 'react';
import { SCREEN_TITLES, TABS } from '../../../common/spec';
import { Loading } from '../../ui/Loading';
import { PageTitle } from '../../ui/PageTitle';
import { Tabs } from '../../ui/Tabs';
import { isAddressInput } from '../addresses/addressInput';
import { DetailCopyToasts } from '../addresses/DetailCopyToasts';
import { DetailId } from '../addresses/DetailId';
import { DetailMessage, errorStatus } from '../addresses/DetailMessage';
import { InternalTxnsTab } from '../addresses/InternalTxnsTab';
import { LoadError } from '../addresses/LoadError';
import { TokenHoldingsTable } from '../addresses/TokenHoldingsTable';
import { ContractCode } from './ContractCode';
import { ContractSummary } from './ContractSummary';
import { useContractDetailQuery } from './contractsApi';
import { CONTRACT_TEXTS } from './texts';
import '../addresses/addresses.css';

type ContractTab = (typeof TABS.contract)[number];

export function ContractDetailPage({ contractAddress }: { contractAddress: string }) {
  const input = contractAddress.trim();
  return (
    <DetailCopyToasts>
      <section className="page detail-page">
        <PageTitle>{SCREEN_TITLES.contractDetail}</PageTitle>
        {isAddressInput(input) ? (
          <ContractView key={input.toLowerCase()} address={input} />
        ) : (
          <DetailMessage input={input} message={CONTRACT_TEXTS.invalid} />
        )}
      </section>
    </DetailCopyToasts>
  );
}

function ContractView({ address }: { address: string }) {
  const [tab, setTab] = useState<ContractTab>(TABS.contract[0]);
  const [internalPage, setInternalPage] = useState(1);
  const { data, error, isError, refetch } = useContractDetailQuery(address);
  const contract = data?.result;

  if (isError && !contract) {
    const status = errorStatus(error);
    if (status === 404) return <DetailMessage input={address} message={CONTRACT_TEXTS.notFound} />;
    if (status === 400) return <DetailMessage input={address} message={CONTRACT_TEXTS.invalid} />;
    return <LoadError message={CONTRACT_TEXTS.loadFailed} onRetry={() => void refetch()} minHeight="12rem" />;
  }

  const shown = contract?.contractAddress ?? address;
  return (
    <>
      <DetailId address={shown} name={contract?.name} />
      {contract ? <ContractSummary contract={contract} /> : <Loading minHeight="9rem" className="panel detail-summary" />}
      <div className="panel detail-tabs list-panel">
        <Tabs label="Contract details" tabs={TABS.contract} value={tab} onChange={setTab}>
          {(t) => {
            if (t === 'Contract') {
              return contract ? (
                <ContractCode verified={contract.verified} abi={contract.abi} contractcode={contract.contractcode} bytecode={contract.bytecode} address={contract.contractAddress} />
              ) : (
                <Loading />
              );
            }
            if (t === 'Token') {
              return <TokenHoldingsTable items={contract?.tokens} caption={CONTRACT_TEXTS.tokensCaption} />;
            }
            return <InternalTxnsTab address={address} page={internalPage} onPageChange={setInternalPage} caption={CONTRACT_TEXTS.internalCaption} />;
          }}
        </Tabs>
      </div>
    </>
  );
}
