import { memo } from 'react';
import { Link } from 'wouter';
import type { BlockListItem } from '../../../common/api/blocks';
import { HOME } from '../../../common/spec';
import { urls } from '../../app/urls';
import { shortenBlockCard } from '../../lib/shorten';
import { Age } from '../../ui/Age';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { Panel } from './Panel';
import { HOME_TEXTS } from './texts';

// Four cards of about 5.5rem: reserve their height while loading.
const RESERVE = '23rem';

/** The first 4 blocks as cards linking to /Block/{n}; live from the channel's getblock pushes. */
export function LatestBlocks({ blocks }: { blocks: readonly BlockListItem[] | undefined }) {
  return (
    <Panel title={HOME_TEXTS.latestBlocks} more={{ href: urls.blocks(), label: HOME_TEXTS.viewAllBlocks }}>
      {blocks === undefined ? (
        <Loading minHeight={RESERVE} />
      ) : blocks.length === 0 ? (
        <EmptyState minHeight={RESERVE}>{HOME_TEXTS.status.waiting}</EmptyState>
      ) : (
        <ul className="block-cards">
          {blocks.slice(0, HOME.latestBlocks).map((b) => (
            <BlockCard key={b.blockHash} block={b} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * One card. Memoised: a push keeps the objects of the blocks already shown (liveBlocks.ts), so
 * after a new block only its card renders (live blocks). Keyed by hash, so a block a
 * reorg replaced is a new card.
 */
const BlockCard = memo(function BlockCard({ block: b }: { block: BlockListItem }) {
  return (
    <li>
      <Link href={urls.block(b.blockNumber)} className="block-card">
        <span className="block-card__number">{HOME_TEXTS.blockTitle({ n: String(b.blockNumber) })}</span>
        <Age time={b.timestamp} className="block-card__age" />
        <span className="block-card__txn">{HOME_TEXTS.txnCount({ n: String(b.Trx) })}</span>
        <span className="block-card__validator">
          {HOME_TEXTS.validator}
          <span className="mono" title={b.miner}>
            {shortenBlockCard(b.miner)}
          </span>
        </span>
      </Link>
    </li>
  );
});
