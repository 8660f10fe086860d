/** The Details tab of a block: the spec's rows, with previous / next block links. */
import { Link } from 'wouter';
import type { BlockDetail } from '../../../common/api/blocks';
import { NO_VALUE } from '../../../common/spec';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { Hash } from '../../ui/Hash';
import { BlockTime } from '../../ui/BlockTime';
import { DetailList, type DetailRow } from '../../ui/DetailList';
import { formatGwei, formatCount, percentOf } from '../../lib/amount';
import { Amount } from '../../ui/Amount';
import { BLOCK_ROWS, BLOCK_TEXTS } from './texts';

interface BlockDetailsProps {
  block: BlockDetail;
  /** The indexed head, when known: no 'next' link past it. */
  latest?: number | null;
  onShowTransactions: () => void;
}

export function BlockDetails({ block, latest, onShowTransactions }: BlockDetailsProps) {
  const hasNext = latest === undefined || latest === null || block.number < latest;
  const n = block.totaltransaction;
  const rows: DetailRow[] = [
    {
      label: BLOCK_ROWS.height,
      value: (
        <span className="block-height">
          <span>{block.number}</span>
          {block.number > 0 && (
            <Link
              href={urls.block(block.number - 1)}
              className="btn btn--small"
              aria-label={BLOCK_TEXTS.previousBlock}
              title={BLOCK_TEXTS.previousBlock}
            >
              ‹
            </Link>
          )}
          {hasNext && (
            <Link
              href={urls.block(block.number + 1)}
              className="btn btn--small"
              aria-label={BLOCK_TEXTS.nextBlock}
              title={BLOCK_TEXTS.nextBlock}
            >
              ›
            </Link>
          )}
        </span>
      ),
    },
    { label: BLOCK_ROWS.size, value: BLOCK_TEXTS.sizeBytes(formatCount(block.size)) },
    { label: BLOCK_ROWS.timestamp, value: <BlockTime timestamp={block.timestamp} /> },
    {
      label: BLOCK_ROWS.transactions,
      value:
        n > 0 ? (
          <button type="button" className="link-btn" onClick={onShowTransactions}>
            {BLOCK_TEXTS.txCount(n)}
          </button>
        ) : (
          BLOCK_TEXTS.txCount(n)
        ),
    },
    { label: BLOCK_ROWS.validator, value: <Address value={block.miner} lead="full" copy="detail" /> },
    { label: BLOCK_ROWS.gasUsed, value: `${formatCount(block.gasUsed)} (${percentOf(block.gasUsed, block.gasLimit)})` },
    { label: BLOCK_ROWS.gasLimit, value: formatCount(block.gasLimit) },
    {
      label: BLOCK_ROWS.baseFeePerGas,
      value: block.baseFeePerGas === null ? NO_VALUE : `${formatGwei(block.baseFeePerGas)} Gwei`,
    },
    {
      key: 'burntFees',
      label: BLOCK_ROWS.burntFees,
      hidden: block.burntFees === null,
      value: <Amount wei={block.burntFees} kind="detail" />,
    },
    { key: 'reward', label: BLOCK_ROWS.reward, hidden: block.reward === null, value: <Amount wei={block.reward} kind="detail" /> },
    { label: BLOCK_ROWS.difficulty, value: formatCount(block.difficulty) },
    { label: BLOCK_ROWS.totalDifficulty, value: formatCount(block.totalDifficulty) },
    { label: BLOCK_ROWS.hash, value: <Hash value={block.hash} display="full" href={null} copy="detail" /> },
    {
      label: BLOCK_ROWS.parentHash,
      value: <Hash value={block.parentHash} display="full" href={block.number > 0 ? urls.block(block.number - 1) : null} copy="detail" />,
    },
    { label: BLOCK_ROWS.nonce, value: <span className="mono">{block.nonce ?? NO_VALUE}</span> },
  ];
  return <DetailList rows={rows} label={BLOCK_TEXTS.detailTabsLabel} />;
}
