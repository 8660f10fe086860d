/**
 * `/address/{a}#code`: Etherscan's link to a contract's code, the one hardhat-verify prints after a
 * verification and wallets open. The fragment never reaches the server, so the SPA
 * reads it: for a contract it goes to the contract page's Contract tab (source and ABI), replacing
 * the entry; any other address stays on its page. Asked only when the fragment is there.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { urls } from '../../app/urls';
import { useContractDetailQuery } from '../contracts/contractsApi';

/** Etherscan's fragment for the Contract tab. */
export const CODE_ANCHOR = '#code';
/** The contract page's tab with the code (TABS.contract). */
const CODE_TAB = 'Contract';

export function useCodeAnchor(address: string): void {
  const [, navigate] = useLocation();
  // Read after the first render: the server's render (and the hydration) has no fragment.
  const [wanted, setWanted] = useState(false);
  useEffect(() => setWanted(window.location.hash.toLowerCase() === CODE_ANCHOR), [address]);
  const { data } = useContractDetailQuery(address, { skip: !wanted });
  const contract = wanted ? data?.result.contractAddress : undefined;
  useEffect(() => {
    if (contract) navigate(urls.contractDetail(contract, { tab: CODE_TAB }), { replace: true });
  }, [contract, navigate]);
}
