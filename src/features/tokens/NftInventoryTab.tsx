/**
 * The token page's Inventory tab for an NFT collection: each item by token id with
 * its owner, its latest transfer and its metadata URI, 20 per page with the page and size in the URL.
 * An ERC-1155 collection lists its holdings per id: one row per id and holder, with the amount.
 */
import type { NftInventoryItem } from '../../../common/api/nfts';
import { PAGE_SIZE } from '../../../common/spec';
import { formatCount } from '../../lib/amount';
import { Address } from '../../ui/Address';
import { Age } from '../../ui/Age';
import { DataTable, type Column } from '../../ui/DataTable';
import { Hash } from '../../ui/Hash';
import { LIST_LOAD_FAILED, LoadError } from '../../ui/LoadError';
import { MetadataUri } from '../../ui/MetadataUri';
import { PagedSection } from '../../ui/PagedSection';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { useNftInventoryQuery } from './nftApi';
import { NFT_TEXTS } from './nftTexts';

const T = NFT_TEXTS.inventory;

function columns(): Column<NftInventoryItem>[] {
  return [
    { key: 'tokenId', header: T.tokenId, cell: (i) => <span className="mono">{i.tokenId}</span> },
    { key: 'owner', header: T.owner, cell: (i) => <Address value={i.owner} lead={12} /> },
    { key: 'lastTransfer', header: T.lastTransfer, cell: (i) => <Hash value={i.hash} /> },
    { key: 'age', header: T.age, cell: (i) => <Age time={i.timestamp} /> },
    { key: 'metadata', header: T.metadata, cell: (i) => <MetadataUri uri={i.tokenUri} /> },
  ];
}

function amountColumn(): Column<NftInventoryItem> {
  return { key: 'amount', header: T.amount, cell: (i) => <span className="mono">{formatCount(i.amount)}</span> };
}

export function NftInventoryTab({ address }: { address: string }) {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useNftInventoryQuery({ address, page: list.page, size: list.size });
  const holdings = q.data?.result.some((i) => i.amount !== undefined) ?? false;
  const base = columns();
  const shown = holdings ? [...base.slice(0, 2), amountColumn(), ...base.slice(2)] : base;
  return (
    <PagedSection list={list} query={q} label={T.pages}>
      {q.isError && !q.data ? (
        <LoadError message={LIST_LOAD_FAILED} onRetry={() => void q.refetch()} />
      ) : (
        <DataTable columns={shown} rows={q.data?.result} rowKey={(i) => `${i.tokenId}:${i.owner}`} empty={T.empty} caption={T.caption} />
      )}
    </PagedSection>
  );
}
