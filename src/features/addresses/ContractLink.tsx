/**
 * When the address is a token or a contract, a link to its token or contract page, marks for a
 * verified source and a proxy, and direct links to its Contract tab's Code, Read contract and
 * Write contract. All of it comes from the address page's counters answer (/getAddressCounters),
 * which it already asked for its tab bar: nothing is fetched to learn what the address is.
 */
import { Link } from 'wouter';
import type { AddressCounters } from '../../../common/api/addresses';
import { TABS } from '../../../common/spec';
import { urls } from '../../app/urls';
import { ADDRESS_TEXTS } from './texts';

/** The token and contract pages' tab that holds the code (the spec's tab sets). */
const CONTRACT_TAB: (typeof TABS.contract)[number] = 'Contract';

interface ContractLinkProps {
  address: string;
  /** The counters answer; undefined while it loads (nothing shown until it says). */
  counters: Pick<AddressCounters, 'contractType' | 'nft' | 'verified' | 'proxy'> | undefined;
}

export function ContractLink({ address, counters }: ContractLinkProps) {
  if (!counters || counters.contractType === null) return null;
  // An NFT collection has the token page.
  const token = counters.contractType === 'rbc20' || counters.nft;
  const page = token ? urls.tokenDetail : urls.contractDetail;
  const V = ADDRESS_TEXTS.contractViews;
  return (
    <span className="contract-link">
      {token ? ADDRESS_TEXTS.tokenContract : ADDRESS_TEXTS.dappContract}{' '}
      <Link href={page(address)}>{token ? ADDRESS_TEXTS.viewToken : ADDRESS_TEXTS.viewContract}</Link>
      {counters.verified && <span className="contract-link__mark">{ADDRESS_TEXTS.verifiedMark}</span>}
      {counters.proxy && <span className="contract-link__mark">{ADDRESS_TEXTS.proxyMark}</span>}
      <nav className="contract-link__views" aria-label={V.label}>
        <Link href={page(address, { tab: CONTRACT_TAB, view: 'code' })}>{V.code}</Link>
        <Link href={page(address, { tab: CONTRACT_TAB, view: 'read' })}>{V.read}</Link>
        <Link href={page(address, { tab: CONTRACT_TAB, view: 'write' })}>{V.write}</Link>
      </nav>
    </span>
  );
}
