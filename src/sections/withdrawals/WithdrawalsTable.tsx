/**
 * EIP-4895 withdrawals of a block or of an address: index, validator index, the
 * address credited (block page) or the block (address page), and the amount in RUBY.
 */
import { Link } from 'wouter';
import type { WithdrawalItem } from '../../../common/api/withdrawals';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { Amount } from '../../ui/Amount';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadError } from '../../ui/LoadError';
import { WITHDRAWAL_COLUMNS, WITHDRAWAL_TEXTS } from './texts';

interface WithdrawalsTableProps {
  items: readonly WithdrawalItem[] | undefined;
  /** Which column says where the coins went: the address (a block's list) or the block (an address's). */
  by: 'address' | 'block';
  caption: string;
  isError?: boolean;
  onRetry?: () => void;
}

function columns(by: WithdrawalsTableProps['by']): Column<WithdrawalItem>[] {
  const where: Column<WithdrawalItem> =
    by === 'address'
      ? { key: 'address', header: WITHDRAWAL_COLUMNS.address, cell: (w) => <Address value={w.address} copy="detail" /> }
      : { key: 'block', header: WITHDRAWAL_COLUMNS.block, cell: (w) => <Link href={urls.block(w.blockNumber)}>{w.blockNumber}</Link> };
  return [
    { key: 'index', header: WITHDRAWAL_COLUMNS.index, cell: (w) => <span className="mono">{w.index}</span> },
    { key: 'validator', header: WITHDRAWAL_COLUMNS.validatorIndex, cell: (w) => <span className="mono">{w.validatorIndex}</span> },
    where,
    { key: 'amount', header: WITHDRAWAL_COLUMNS.amount, align: 'end', cell: (w) => <Amount value={w.amount} wei={w.amountWei} /> },
  ];
}

export function WithdrawalsTable({ items, by, caption, isError = false, onRetry }: WithdrawalsTableProps) {
  if (isError && items === undefined) return <LoadError message={WITHDRAWAL_TEXTS.loadFailed} onRetry={onRetry} />;
  return <DataTable columns={columns(by)} rows={items} rowKey={(w) => w.index} empty={WITHDRAWAL_TEXTS.empty} caption={caption} />;
}
