import type { HomeData } from '../../../common/api/home';
import { Loading } from '../../ui/Loading';
import { formatBlockTime, formatCount, formatGasTracker, totalBlocks } from './format';
import { HOME_TEXTS } from './texts';

/** The five stat tiles; each reads 'Loading...' until the home data arrives. */
export function StatTiles({ data }: { data: HomeData | undefined }) {
  const T = HOME_TEXTS.tiles;
  const tiles: { label: string; value: string | undefined }[] = [
    { label: T.totalBlocks, value: data && formatCount(totalBlocks(data.latestBlockNumber)) },
    { label: T.avgBlockTime, value: data && formatBlockTime(data.avgBlockTime) },
    { label: T.totalTransactions, value: data && formatCount(data.trx_length) },
    { label: T.walletAddresses, value: data && formatCount(data.totaladdress) },
    { label: T.gasTracker, value: data && formatGasTracker(data.fee, data.feeWei) },
  ];
  return (
    <section className="stat-tiles" aria-label={T.caption}>
      <dl className="stat-tiles__grid">
        {tiles.map((t) => (
          <div key={t.label} className="stat-tile panel">
            <dt className="stat-tile__label">{t.label}</dt>
            <dd className="stat-tile__value">{t.value ?? <Loading className="loading--inline" />}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
