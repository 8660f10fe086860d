/**
 * A catalogue page body shared by Verified Ruby Tokens and Verified Ruby contracts: the total and
 * verified counts, then the list (contract address and name → the detail page, owner → the
 * address page, age, verified or not), 20 per page by default (page and size in the URL).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { NameTag, useNameTag } from '../../ui/nameTags';
import { EMPTY_TEXTS, NO_VALUE } from '../../../common/spec';
import type { ContractListItem, ContractListResponse } from '../../../common/api/tokens';
import { Address } from '../../ui/Address';
import { Age } from '../../ui/Age';
import { DataTable, type Column } from '../../ui/DataTable';
import { PagedSection, type PagedQueryState } from '../../ui/PagedSection';
import type { PagedUrl } from '../../ui/usePagedUrl';
import { MOBILE_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { LoadError } from '../../ui/LoadError';
import { formatCount } from '../../lib/amount';
import { CATALOGUE_TEXTS } from './texts';
import '../../ui/detail.css';
import './catalogue.css';

interface CatalogueViewProps {
  /** The catalogue query's result for `list`'s page and size. */
  query: PagedQueryState & { data?: ContractListResponse; isError: boolean; refetch: () => unknown };
  list: PagedUrl;
  labels: { total: string; verified: string; caption: string; empty: string; failed: string; note?: string };
  detailHref: (address: string) => string;
  nameOf: (item: ContractListItem) => string | null;
}

function Counts({ data, labels }: { data: ContractListResponse | undefined; labels: CatalogueViewProps['labels'] }) {
  const tile = (label: string, value: ReactNode) => (
    <div className="panel stat-tile">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const loading = <span className="muted">{EMPTY_TEXTS.loading}</span>;
  return (
    <dl className="stat-tiles">
      {tile(labels.total, data ? formatCount(data.totalContracts) : loading)}
      {tile(labels.verified, data ? formatCount(data.verifiedContracts) : loading)}
    </dl>
  );
}

/**
 * A row's name: the contract's name, with its public name tag beside it so
 * same-named tokens ("Ruby LP (RLP)" ×3) are told apart ("RGLD/RUSD LP"); the tag alone for a
 * contract without a name; and without either a plain '—', never a link that reads '—'.
 */
function CatalogueName({ name, address, href }: { name: string | null; address: string; href: string }) {
  const tag = useNameTag(address);
  if (name === null && tag === null) return <span className="muted">{NO_VALUE}</span>;
  return (
    <>
      <Link href={href} translate="no">
        {name ?? tag}
      </Link>
      {name !== null && tag !== null && tag !== name ? <NameTag address={address} /> : null}
    </>
  );
}

export function CatalogueView(props: CatalogueViewProps) {
  const { query, list, labels, detailHref, nameOf } = props;
  const { data, isError } = query;
  // Phones get the spec's shortest address form (5 leading characters) so a card row fits.
  const lead = useMediaQuery(MOBILE_QUERY) ? 5 : 12;
  const columns: Column<ContractListItem>[] = [
    {
      key: 'address',
      header: CATALOGUE_TEXTS.contractAddress,
      cell: (c) => <Address value={c.contract_address} href={detailHref(c.contract_address)} lead={lead} copy="detail" showTag={false} />,
    },
    {
      key: 'name',
      header: CATALOGUE_TEXTS.name,
      cell: (c) => (
        // Flex items: the link is a block of its own beside the NFT mark, not a link inside a line of text (axe's
        // link-in-text-block on the phone cards).
        <span className="catalogue-name-cell">
          <CatalogueName name={nameOf(c)} address={c.contract_address} href={detailHref(c.contract_address)} />
          {c.isNft ? <span className="catalogue-nft">{CATALOGUE_TEXTS.nft}</span> : null}
        </span>
      ),
    },
    { key: 'owner', header: CATALOGUE_TEXTS.owner, cell: (c) => <Address value={c.owneraddress} lead={lead} copy="detail" /> },
    { key: 'age', header: CATALOGUE_TEXTS.age, cell: (c) => <Age time={c.createdAt} /> },
    {
      key: 'source',
      header: CATALOGUE_TEXTS.source,
      cell: (c) => (
        <span className={c.verified ? 'verified-badge' : 'verified-badge verified-badge--no'}>
          {c.verified ? CATALOGUE_TEXTS.verified : CATALOGUE_TEXTS.notVerified}
        </span>
      ),
    },
  ];
  return (
    <>
      {isError && !data ? null : <Counts data={data} labels={labels} />}
      {labels.note ? <p className="muted catalogue-note">{labels.note}</p> : null}
      <div className="panel list-panel">
        <PagedSection list={list} query={query} label={CATALOGUE_TEXTS.pages(labels.caption)}>
          {isError ? (
            <LoadError message={labels.failed} onRetry={() => void query.refetch()} />
          ) : (
            <DataTable
              columns={columns}
              rows={data?.result}
              rowKey={(c) => c.contract_address}
              empty={labels.empty}
              caption={labels.caption}
              placeholderRows={10}
            />
          )}
        </PagedSection>
      </div>
    </>
  );
}
