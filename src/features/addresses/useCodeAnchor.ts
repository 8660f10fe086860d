/**
 * `/address/{a}#code`: Etherscan's link to a contract's code, the one hardhat-verify prints after a
 * verification and wallets open. The fragment never reaches the server, so the SPA
 * reads it: for a contract it goes to the contract page's Contract tab (source and ABI), replacing
 * the entry; any other address stays on its page. Whether the address is a contract comes from the
 * page's counters answer: nothing more is asked.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { toRubyAddress } from '../../../common/address';
import { urls } from '../../app/urls';

/** Etherscan's fragment for the Contract tab. */
export const CODE_ANCHOR = '#code';
/** The contract page's tab with the code (TABS.contract). */
const CODE_TAB = 'Contract';

/** `contract`: whether the address is a contract (undefined while the counters load). */
export function useCodeAnchor(address: string, contract: boolean | undefined): void {
  const [, navigate] = useLocation();
  // Read after the first render: the server's render (and the hydration) has no fragment.
  const [wanted, setWanted] = useState(false);
  useEffect(() => setWanted(window.location.hash.toLowerCase() === CODE_ANCHOR), [address]);
  useEffect(() => {
    if (wanted && contract === true) navigate(urls.contractDetail(toRubyAddress(address), { tab: CODE_TAB }), { replace: true });
  }, [wanted, contract, address, navigate]);
}
