import { SearchBox } from '../../sections/search/SearchBox';
import { useHomeScreenQuery } from './homeScreenApi';
import {
  HomeBlockChart,
  HomeCountFee,
  HomeDeploys,
  HomeLatestBlocks,
  HomeLatestTransactions,
  HomeLiveStatus,
  HomeStatTiles,
  HomeStatsStrip,
  HomeTypedTransactions,
} from './HomePanels';
import { useRefetchOnVisible } from './useRefetchOnVisible';
import './home.css';

/**
 * Home (docs/decisions.md#spec-screens, panel order as docs/decisions.md#home-panels reads it): search area; stat tiles,
 * stats strip, Latest Transactions with its chart; Latest Blocks; its per-block chart and the
 * status line; Token Transactions, Contract Transactions, Latest Token, Latest Contract.
 * variant 'aa' is the /aa home without the stats strip.
 */
export function HomePage({ variant = 'full' }: { variant?: 'full' | 'aa' }) {
  useRefetchOnVisible();
  // The first screen in one request; the panels' queries wait for it, then find their
  // caches filled (or, when it failed, make their own calls). Each panel reads its own query
  // (HomePanels.tsx): a live push re-renders only the panels it changed.
  const skip = useHomeScreenQuery().data === undefined;

  return (
    <div className="page home" data-variant={variant}>
      <SearchBox variant="hero" />
      <HomeStatTiles skip={skip} />
      {variant === 'full' && <HomeStatsStrip skip={skip} />}
      <div className="home-row">
        <HomeLatestTransactions skip={skip} />
        <HomeCountFee skip={skip} />
      </div>
      <div className="home-row home-row--blocks">
        <HomeLatestBlocks skip={skip} />
        <HomeBlockChart skip={skip} />
      </div>
      <HomeLiveStatus skip={skip} />
      <HomeTypedTransactions skip={skip} kind="token" />
      <HomeTypedTransactions skip={skip} kind="contract" />
      <div className="home-row home-row--even">
        <HomeDeploys skip={skip} kind="token" />
        <HomeDeploys skip={skip} kind="contract" />
      </div>
    </div>
  );
}
