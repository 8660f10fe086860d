/**
 * The address page's NFTs tab, shown for an address that holds any: each item with
 * its collection (a link to the collection's token page), token id, the transfer that brought it
 * and its metadata URI, latest first, 20 per page with the page and size in the URL. A page with an
 * ERC-1155 id adds an Amount column: how many of the id the address holds (an ERC-721 item is one).
 */
import { Link } from 'wouter';
import type { AddressNftItem } from '../../../common/api/nfts';
import { PAGE_SIZE } from '../../../common/spec';
import { urls } from '../../app/urls';
import { formatCount } from '../../lib/amount';
import { tokenLabel } from '../../lib/movedToken';
import { Age } from '../../ui/Age';
import { DataTable, type Column } from '../../ui/DataTable';
import { Hash } from '../../ui/Hash';
import { LIST_LOAD_FAILED, LoadError } from '../../ui/LoadError';
import { MetadataUri } from '../../ui/MetadataUri';
import { PagedSection } from '../../ui/PagedSection';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { useAddressNftsQuery } from './nftsApi';

import { NFTS_TEXTS } from './texts';

export { NFTS_TEXTS };

function columns(withAmount: boolean): Column<AddressNftItem>[] {
  const amount: Column<AddressNftItem> = {
    key: 'amount',
    header: NFTS_TEXTS.amount,
    cell: (n) => <span className="mono">{formatCount(n.amount)}</span>,
  };
  return [
    {
      key: 'collection',
      header: NFTS_TEXTS.collection,
      cell: (n) => (
        <Link href={urls.tokenDetail(n.contractAddress)} translate="no">
          {tokenLabel(n.name, n.symbol) ?? n.contractAddress}
        </Link>
      ),
    },
    { key: 'tokenId', header: NFTS_TEXTS.tokenId, cell: (n) => <span className="mono">{n.tokenId}</span> },
    ...(withAmount ? [amount] : []),
    { key: 'received', header: NFTS_TEXTS.received, cell: (n) => <Hash value={n.hash} /> },
    { key: 'age', header: NFTS_TEXTS.age, cell: (n) => <Age time={n.timestamp} /> },
    { key: 'metadata', header: NFTS_TEXTS.metadata, cell: (n) => <MetadataUri uri={n.tokenUri} /> },
  ];
}

export function AddressNftsTab({ address }: { address: string }) {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useAddressNftsQuery({ address, page: list.page, size: list.size });
  const withAmount = q.data?.result.some((n) => n.standard === 'erc1155') ?? false;
  return (
    <PagedSection list={list} query={q} label={NFTS_TEXTS.pages}>
      {q.isError && !q.data ? (
        <LoadError message={LIST_LOAD_FAILED} onRetry={() => void q.refetch()} />
      ) : (
        <DataTable
          columns={columns(withAmount)}
          rows={q.data?.result}
          rowKey={(n) => `${n.contractAddress}:${n.tokenId}`}
          empty={NFTS_TEXTS.empty}
          caption={NFTS_TEXTS.caption}
        />
      )}
    </PagedSection>
  );
}
