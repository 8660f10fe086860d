/**
 * The shared list of transactions (all transactions, block, address and home lists): hash, type,
 * block, age, from, to, value, fee and the receipt's real status (docs/decisions.md#receipt-status: never a hard-coded
 * 'Success'). A desktop table that becomes cards on a narrow viewport (DataTable).
 * Props are a contract other features rely on: keep them stable.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { TransactionListItem } from '../../../common/api/transactions';
import { urls } from '../../app/urls';
import { directionOf, methodLabel } from '../../lib/direction';
import { movedTokenText } from '../../lib/movedToken';
import { txTypeLabel } from '../../lib/txType';
import { ADDRESS_LEADS, type AddressLead } from '../../lib/shorten';
import { Address } from '../../ui/Address';
import { Age } from '../../ui/Age';
import { Amount } from '../../ui/Amount';
import { DataTable, type Column } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { Hash } from '../../ui/Hash';
import { DirectionBadge } from '../../ui/DirectionBadge';
import { StatusBadge } from '../../ui/StatusBadge';
import { TxSummaryLines } from '../../ui/TxSummaryLines';
import { TX_LIST_TEXTS } from './texts';
import '../../ui/txType.css';

export interface TransactionListProps {
  /** undefined while loading. */
  items: TransactionListItem[] | undefined;
  isLoading?: boolean;
  /** The fetch failed: the empty text is not shown (it would be untrue), an error line is. */
  isError?: boolean;
  /** The screen's empty text (e.g. 'No transactions found'). */
  empty: ReactNode;
  /** Accessible name of the table / card list. */
  caption: string;
  /** 'Success'/'Failed' (default) or 'success'/'failed', per the screen's spec casing. */
  statusCase?: 'title' | 'lower';
  /** Leading characters of from/to addresses (20, 15, 12 or 5; default 12). */
  addressShorten?: number;
  /** The page's own address: each row gets an IN / OUT / SELF badge (address and contract pages). */
  perspective?: string;
  /** A Method column: the called function's name, or its 4-byte selector. */
  showMethod?: boolean;
}

function leadOf(n: number | undefined): AddressLead {
  return (ADDRESS_LEADS as readonly number[]).includes(n ?? -1) ? (n as AddressLead) : 12;
}

interface ColumnOptions {
  statusCase: 'title' | 'lower';
  lead: AddressLead;
  perspective?: string;
  showMethod: boolean;
}

function columns({ statusCase, lead, perspective, showMethod }: ColumnOptions): Column<TransactionListItem>[] {
  const C = TX_LIST_TEXTS.columns;
  const method: Column<TransactionListItem>[] = showMethod
    ? [
        {
          key: 'method',
          header: TX_LIST_TEXTS.method,
          cell: (t) => (
            // A function's name is the contract's data (translate="no"); a plain transfer's label is a text.
            <span className="tx-method" translate={t.functionName ? 'no' : undefined}>
              {methodLabel(t)}
            </span>
          ),
        },
      ]
    : [];
  const direction: Column<TransactionListItem>[] =
    perspective === undefined
      ? []
      : [{ key: 'direction', header: TX_LIST_TEXTS.direction, cell: (t) => <DirectionBadge direction={directionOf(perspective, t)} /> }];
  return [
    {
      key: 'hash',
      header: C.hash,
      // What the transaction did as a second line under its hash: the spec's columns stay as they are.
      cell: (t) => (
        <>
          <Hash value={t.hash} />
          <TxSummaryLines summary={t.summary} compact />
        </>
      ),
    },
    ...method,
    // With a Method column the type label says less and the row would not fit a laptop: one of the two.
    ...(showMethod
      ? []
      : [
          {
            key: 'type',
            header: C.type,
            cell: (t: TransactionListItem) => <span className="tx-type">{txTypeLabel(t.transactiontype)}</span>,
          },
        ]),
    {
      key: 'block',
      header: C.block,
      cell: (t) => <Link href={urls.block(t.blockNumber)}>{t.blockNumber}</Link>,
    },
    { key: 'age', header: C.age, cell: (t) => <Age time={t.timestamp} /> },
    { key: 'from', header: C.from, cell: (t) => <Address value={t.from} lead={lead} /> },
    ...direction,
    {
      key: 'to',
      header: C.to,
      // A contract creation has no `to`: show the created contract, as explorers do.
      cell: (t) => <Address value={t.to ?? t.contractAddress} lead={lead} />,
    },
    {
      key: 'value',
      header: C.value,
      align: 'end',
      // A token transfer says what moved ('330 RUSD'), not its coin value of 0 (docs/decisions.md#token-rows).
      cell: (t) => {
        const moved = movedTokenText(t);
        return moved === null ? <Amount value={t.value} wei={t.valueWei} /> : <span className="amount">{moved}</span>;
      },
    },
    { key: 'fee', header: C.fee, align: 'end', cell: (t) => <Amount value={t.fee} wei={t.feeWei} kind="fee" /> },
    { key: 'status', header: C.status, cell: (t) => <StatusBadge status={t.status} lower={statusCase === 'lower'} /> },
  ];
}

export function TransactionList({
  items,
  isLoading = false,
  isError = false,
  empty,
  caption,
  statusCase = 'title',
  addressShorten,
  perspective,
  showMethod = false,
}: TransactionListProps) {
  if (isError && !isLoading) {
    return (
      <EmptyState>
        <span role="alert">{TX_LIST_TEXTS.listError}</span>
      </EmptyState>
    );
  }
  return (
    <DataTable
      columns={columns({ statusCase, lead: leadOf(addressShorten), perspective, showMethod })}
      rows={items}
      rowKey={(t) => t.hash}
      empty={empty}
      caption={caption}
      loading={isLoading}
    />
  );
}
