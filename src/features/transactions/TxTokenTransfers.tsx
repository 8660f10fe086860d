/** Token transfers tab: the Transfer events of the transaction, or the spec's empty text. */
import { Link } from 'wouter';
import type { TxTokenTransfer } from '../../../common/api/transactions';
import { EMPTY_TEXTS } from '../../../common/spec';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { DataTable, type Column } from '../../ui/DataTable';
import { TokenAmount } from './TokenAmount';
import { TX_TEXTS } from './texts';

function columns(): Column<TxTokenTransfer>[] {
  const C = TX_TEXTS.transferColumns;
  return [
    { key: 'from', header: C.from, cell: (t) => <Address value={t.from} lead={12} copy="detail" /> },
    { key: 'to', header: C.to, cell: (t) => <Address value={t.to} lead={12} copy="detail" /> },
    {
      key: 'amount',
      header: C.amount,
      align: 'end',
      cell: (t) => (t.tokenId !== null ? C.tokenId(t.tokenId) : <TokenAmount units={t.valueWei} decimals={t.tokenDecimals} />),
    },
    {
      key: 'token',
      header: C.token,
      cell: (t) => (
        <Link href={urls.tokenDetail(t.tokenAddress)} title={t.tokenAddress} translate="no">
          {t.tokenName ?? t.tokenAddress}
          {t.tokenSymbol ? ` (${t.tokenSymbol})` : ''}
        </Link>
      ),
    },
  ];
}

export function TxTokenTransfers({ transfers }: { transfers: TxTokenTransfer[] }) {
  return (
    <DataTable
      columns={columns()}
      rows={transfers}
      rowKey={(t) => String(t.logIndex)}
      empty={EMPTY_TEXTS.noTokenTransfers}
      caption={TX_TEXTS.tokenTransfersCaption}
    />
  );
}
