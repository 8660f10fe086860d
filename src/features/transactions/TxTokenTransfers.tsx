/** Token transfers tab: the Transfer events of the transaction, or the spec's empty text. */
import { Link } from 'wouter';
import type { TxTokenTransfer } from '../../../common/api/transactions';
import { EMPTY_TEXTS } from '../../../common/spec';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { DataTable, type Column } from '../../ui/DataTable';
import { TokenAmount } from './TokenAmount';
import { TX_TEXTS } from './texts';

const columns: Column<TxTokenTransfer>[] = [
  { key: 'from', header: 'From', cell: (t) => <Address value={t.from} lead={12} copy="detail" /> },
  { key: 'to', header: 'To', cell: (t) => <Address value={t.to} lead={12} copy="detail" /> },
  {
    key: 'amount',
    header: 'Amount',
    align: 'end',
    cell: (t) => (t.tokenId !== null ? `Token ID ${t.tokenId}` : <TokenAmount units={t.valueWei} decimals={t.tokenDecimals} />),
  },
  {
    key: 'token',
    header: 'Token',
    cell: (t) => (
      <Link href={urls.tokenDetail(t.tokenAddress)} title={t.tokenAddress}>
        {t.tokenName ?? t.tokenAddress}
        {t.tokenSymbol ? ` (${t.tokenSymbol})` : ''}
      </Link>
    ),
  },
];

export function TxTokenTransfers({ transfers }: { transfers: TxTokenTransfer[] }) {
  return (
    <DataTable
      columns={columns}
      rows={transfers}
      rowKey={(t) => String(t.logIndex)}
      empty={EMPTY_TEXTS.noTokenTransfers}
      caption={TX_TEXTS.tokenTransfersCaption}
    />
  );
}
