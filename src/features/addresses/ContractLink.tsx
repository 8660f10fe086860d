/**
 * When the address is a token or a contract, a link to its token or contract page, and direct
 * links to its Contract tab's Code, Read contract and Write contract (issue #38 item 19). The address
 * answer does not say whether the address is a contract, so the named-contract directory
 * (/searchcontract, the list the search box uses, cached per block by the API) tells; a
 * `contractType` on the address answer, when the API adds one, wins.
 */
import { Link } from 'wouter';
import { TABS } from '../../../common/spec';
import { urls } from '../../app/urls';
import { useContractDirectoryQuery } from './addressesApi';
import { sameAddressInput } from '../../lib/addressInput';
import { ADDRESS_TEXTS } from './texts';

type Kind = 'rbc20' | 'dapp';

/** The token and contract pages' tab that holds the code (the spec's tab sets). */
const CONTRACT_TAB: (typeof TABS.contract)[number] = 'Contract';

interface ContractLinkProps {
  address: string;
  /** The kind when the address answer carries it: null = not a contract, undefined = unknown. */
  knownKind?: Kind | null;
}

export function ContractLink({ address, knownKind }: ContractLinkProps) {
  const { data } = useContractDirectoryQuery(undefined, { skip: knownKind !== undefined });
  const entry = knownKind !== undefined ? undefined : data?.result.find((c) => sameAddressInput(c.contract_address, address));
  const kind: Kind | null = knownKind !== undefined ? knownKind : (entry?.contractType ?? null);
  if (kind === null) return null;
  // An NFT collection has the token page (issue #19).
  const token = kind === 'rbc20' || entry?.nft === true;
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
