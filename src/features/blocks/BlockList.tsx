/** The All tab of the blocks list: Block, Size bytes, Validator, Txn, Gas used and age. */
import { Link } from 'wouter';
import type { BlockListItem } from '../../../common/api/blocks';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { Age } from '../../ui/Age';
import { DataTable, type Column } from '../../ui/DataTable';
import { formatCount } from '../../lib/amount';
import { BLOCK_COLUMNS, BLOCK_TEXTS } from './texts';

const columns: Column<BlockListItem>[] = [
  {
    key: 'block',
    header: BLOCK_COLUMNS.block,
    cell: (b) => <Link href={urls.block(b.blockNumber)}>{b.blockNumber}</Link>,
  },
  { key: 'size', header: BLOCK_COLUMNS.size, align: 'end', cell: (b) => formatCount(b.size) },
  { key: 'validator', header: BLOCK_COLUMNS.validator, cell: (b) => <Address value={b.miner} lead={12} /> },
  { key: 'txn', header: BLOCK_COLUMNS.txn, align: 'end', cell: (b) => b.Trx },
  { key: 'gasUsed', header: BLOCK_COLUMNS.gasUsed, align: 'end', cell: (b) => formatCount(b.gasUsed) },
  { key: 'age', header: BLOCK_COLUMNS.age, cell: (b) => <Age time={b.timestamp} /> },
];

interface BlockListProps {
  items: BlockListItem[] | undefined;
  isLoading?: boolean;
}

export function BlockList({ items, isLoading = false }: BlockListProps) {
  return (
    <DataTable
      columns={columns}
      rows={items}
      rowKey={(b) => String(b.blockNumber)}
      empty={BLOCK_TEXTS.noBlocks}
      caption={BLOCK_TEXTS.listCaption}
      loading={isLoading}
      placeholderRows={20}
    />
  );
}
