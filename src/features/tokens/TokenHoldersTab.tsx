/**
 * The token page's Holders tab: rank, address, quantity in the token's units and the
 * share of the total supply, largest first, 20 per page with the page and size in the URL.
 */
import { PAGE_SIZE, NO_VALUE } from '../../../common/spec';
import type { TokenHolder } from '../../../common/api/holders';
import { formatTokenAmount } from '../../lib/amount';
import { formatPercentage } from '../../lib/amount';
import { Address } from '../../ui/Address';
import { DataTable, type Column } from '../../ui/DataTable';
import { LIST_LOAD_FAILED, LoadError } from '../../ui/LoadError';
import { PagedSection } from '../../ui/PagedSection';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { useTokenHoldersQuery } from './tokensApi';
import { HoldersAtBlock } from './HoldersAtBlock';
import { TOKEN_TEXTS } from './texts';

const H = TOKEN_TEXTS.holdersTab;

function columns(decimals: number, symbol: string | null): Column<TokenHolder>[] {
  return [
    { key: 'rank', header: H.rank, cell: (h) => h.rank },
    { key: 'address', header: H.address, cell: (h) => <Address value={h.address} lead={20} copy="detail" /> },
    {
      key: 'quantity',
      header: H.quantity,
      align: 'end',
      cell: (h) => <span className="amount">{formatTokenAmount(h.quantityWei, decimals, { symbol })}</span>,
    },
    {
      key: 'percentage',
      header: H.percentage,
      align: 'end',
      cell: (h) => (h.percentage === null ? NO_VALUE : formatPercentage(h.percentage)),
    },
  ];
}

export function TokenHoldersTab({ address, decimals, symbol }: { address: string; decimals: number; symbol: string | null }) {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useTokenHoldersQuery({ address, page: list.page, size: list.size });
  return (
    <>
      <HoldersAtBlock address={address} decimals={decimals} symbol={symbol} />
      <PagedSection list={list} query={q} label={H.pages}>
        {q.isError && !q.data ? (
          <LoadError message={LIST_LOAD_FAILED} onRetry={() => void q.refetch()} />
        ) : (
          <DataTable
            columns={columns(decimals, symbol)}
            rows={q.data?.result}
            rowKey={(h) => h.address}
            empty={H.empty}
            caption={H.caption}
          />
        )}
      </PagedSection>
    </>
  );
}
