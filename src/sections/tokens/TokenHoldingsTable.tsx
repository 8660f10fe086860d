/** Tokens held by an address or a contract: token (→ /TokenDetail/{contractAddress}; an NFT collection → its contract page), name, balance. */
import { Link } from 'wouter';
import { defineTexts } from '../../lib/i18n';
import { EMPTY_TEXTS } from '../../../common/spec';
import type { TokenHolding } from '../../../common/api/tokens';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { DataTable, type Column } from '../../ui/DataTable';
import { formatTokenAmount } from '../../lib/amount';
import { tokenLabel } from '../../lib/movedToken';
import { LIST_LOAD_FAILED, LoadError } from '../../ui/LoadError';

export const HOLDINGS_TEXTS = defineTexts('sections.holdings', { token: 'Token', name: 'Name', balance: 'Balance' } as const);

interface TokenHoldingsTableProps {
  items: readonly TokenHolding[] | undefined;
  isError?: boolean;
  onRetry?: () => void;
  caption: string;
}

/** An NFT collection has the token page too (its Inventory tab). */
const href = (t: TokenHolding) => urls.tokenDetail(t.contractAddress);

function columns(): Column<TokenHolding>[] {
  return [
    {
      key: 'token',
      header: HOLDINGS_TEXTS.token,
      cell: (t) => <Address value={t.contractAddress} href={href(t)} lead={15} copy="detail" />,
    },
    {
      key: 'name',
      header: HOLDINGS_TEXTS.name,
      cell: (t) => (
        <Link href={href(t)} translate="no">
          {tokenLabel(t.name, t.symbol) ?? t.contractAddress}
        </Link>
      ),
    },
    {
      key: 'balance',
      header: HOLDINGS_TEXTS.balance,
      align: 'end',
      cell: (t) => <span className="amount">{formatTokenAmount(t.balanceWei, t.decimals, { symbol: t.symbol })}</span>,
    },
  ];
}

export function TokenHoldingsTable({ items, isError = false, onRetry, caption }: TokenHoldingsTableProps) {
  if (isError && items === undefined) return <LoadError message={LIST_LOAD_FAILED} onRetry={onRetry} />;
  return (
    <DataTable
      columns={columns()}
      rows={items}
      rowKey={(t) => t.contractAddress}
      empty={EMPTY_TEXTS.noTokens}
      caption={caption}
      placeholderRows={4}
    />
  );
}
