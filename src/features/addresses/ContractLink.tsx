/**
 * When the address is a token or a contract, a link to its token or contract page, and direct
 * links to its Contract tab's Code, Read contract and Write contract. The kind comes from the
 * address page's counters answer (/getAddressCounters), which it already asked for its tab bar.
 */
import { Link } from 'wouter';
import { TABS } from '../../../common/spec';
import { urls } from '../../app/urls';
import { ADDRESS_TEXTS } from './texts';

type Kind = 'rbc20' | 'dapp';

/** The token and contract pages' tab that holds the code (the spec's tab sets). */
const CONTRACT_TAB: (typeof TABS.contract)[number] = 'Contract';

interface ContractLinkProps {
  address: string;
  /** null = not a contract. */
  kind: Kind | null;
  /** An NFT collection (its page is the token page). */
  nft: boolean;
}

export function ContractLink({ address, kind, nft }: ContractLinkProps) {
  if (kind === null) return null;
  // An NFT collection has the token page.
  const token = kind === 'rbc20' || nft;
  const page = token ? urls.tokenDetail : urls.contractDetail;
  const V = ADDRESS_TEXTS.contractViews;
  return (
    <span className="contract-link">
      {token ? ADDRESS_TEXTS.tokenContract : ADDRESS_TEXTS.dappContract}{' '}
      <Link href={page(address)}>{token ? ADDRESS_TEXTS.viewToken : ADDRESS_TEXTS.viewContract}</Link>
      <nav className="contract-link__views" aria-label={V.label}>
        <Link href={page(address, { tab: CONTRACT_TAB, view: 'code' })}>{V.code}</Link>
        <Link href={page(address, { tab: CONTRACT_TAB, view: 'read' })}>{V.read}</Link>
        <Link href={page(address, { tab: CONTRACT_TAB, view: 'write' })}>{V.write}</Link>
      </nav>
    </span>
  );
}
