/**
 * Token transfers (address and token pages): hash, type label, age, from, to, amount in the
 * token's units ('Token ID n' for an NFT), the token (→ /TokenDetail/{tokenAddress}) and the real status.
 */
import { Link } from 'wouter';
import { defineTexts } from '../../lib/i18n';
import { EMPTY_TEXTS } from '../../../common/spec';
import type { TokenTransferItem } from '../../../common/api/tokens';
import { urls } from '../../app/urls';
import { txTypeLabel } from '../../lib/txType';
import { Address } from '../../ui/Address';
import { Age } from '../../ui/Age';
import { DataTable, type Column } from '../../ui/DataTable';
import { Hash } from '../../ui/Hash';
import { LIST_LOAD_FAILED, LoadError } from '../../ui/LoadError';
import { StatusBadge } from '../../ui/StatusBadge';
import '../../ui/txType.css';
import { formatTokenAmount } from '../../lib/amount';
import { tokenLabel } from '../../lib/movedToken';

export const TRANSFER_TEXTS = defineTexts('sections.transfers', {
  hash: 'Txn hash',
  type: 'Type',
  age: 'Age',
  from: 'From',
  to: 'To',
  value: 'Value',
  token: 'Token',
  status: 'Status',
  /** An NFT transfer's amount: 'Token ID 30' (as the transaction page's Token transfers tab). */
  tokenId: (id: string) => `Token ID ${id}`,
} as const);

interface TokenTransfersTableProps {
  items: readonly TokenTransferItem[] | undefined;
  isError?: boolean;
  onRetry?: () => void;
  caption: string;
  /** The token column (hidden on a token's own page). */
  showToken?: boolean;
  statusCase?: 'title' | 'lower';
  /** Rows reserved while loading. */
  placeholderRows?: number;
}

function columns(showToken: boolean, lower: boolean): Column<TokenTransferItem>[] {
  const cols: Column<TokenTransferItem>[] = [
    { key: 'hash', header: TRANSFER_TEXTS.hash, cell: (t) => <Hash value={t.hash} copy="detail" /> },
    { key: 'type', header: TRANSFER_TEXTS.type, cell: (t) => <span className="tx-type">{txTypeLabel(t.transactiontype)}</span> },
    { key: 'age', header: TRANSFER_TEXTS.age, cell: (t) => <Age time={t.timestamp} /> },
    { key: 'from', header: TRANSFER_TEXTS.from, cell: (t) => <Address value={t.from} copy="detail" /> },
    { key: 'to', header: TRANSFER_TEXTS.to, cell: (t) => <Address value={t.to} copy="detail" /> },
    {
      key: 'value',
      header: TRANSFER_TEXTS.value,
      align: 'end',
      cell: (t) => (
        <span className="amount">
          {t.tokenId !== null && t.tokenId !== undefined
            ? TRANSFER_TEXTS.tokenId(t.tokenId)
            : formatTokenAmount(t.valueWei, t.tokenDecimals, { symbol: t.tokenSymbol })}
        </span>
      ),
    },
  ];
  if (showToken) {
    cols.push({
      key: 'token',
      header: TRANSFER_TEXTS.token,
      cell: (t) => (
        <Link href={urls.tokenDetail(t.tokenAddress)} translate="no">
          {tokenLabel(t.tokenName, t.tokenSymbol) ?? t.tokenAddress}
        </Link>
      ),
    });
  }
  cols.push({ key: 'status', header: TRANSFER_TEXTS.status, cell: (t) => <StatusBadge status={t.status} lower={lower} /> });
  return cols;
}

export function TokenTransfersTable({
  items,
  isError = false,
  onRetry,
  caption,
  showToken = true,
  statusCase = 'title',
  placeholderRows,
}: TokenTransfersTableProps) {
  if (isError && items === undefined) return <LoadError message={LIST_LOAD_FAILED} onRetry={onRetry} />;
  return (
    <DataTable
      columns={columns(showToken, statusCase === 'lower')}
      rows={items}
      rowKey={(t) => `${t.hash}:${t.logIndex}`}
      empty={EMPTY_TEXTS.noTrx}
      caption={caption}
      placeholderRows={placeholderRows}
    />
  );
}
