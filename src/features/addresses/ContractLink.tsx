/**
 * When the address is a token or a contract, a link to its token or contract page. The address
 * answer does not say whether the address is a contract, so the named-contract directory
 * (/searchcontract, the list the search box uses, cached per block by the API) tells; a
 * `contractType` on the address answer, when the API adds one, wins.
 */
import { Link } from 'wouter';
import { urls } from '../../app/urls';
import { useContractDirectoryQuery } from './addressesApi';
import { sameAddressInput } from '../../lib/addressInput';
import { ADDRESS_TEXTS } from './texts';

type Kind = 'rbc20' | 'dapp';

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
  return (
    <span className="contract-link">
      {token ? ADDRESS_TEXTS.tokenContract : ADDRESS_TEXTS.dappContract}{' '}
      <Link href={token ? urls.tokenDetail(address) : urls.contractDetail(address)}>
        {token ? ADDRESS_TEXTS.viewToken : ADDRESS_TEXTS.viewContract}
      </Link>
    </span>
  );
}
