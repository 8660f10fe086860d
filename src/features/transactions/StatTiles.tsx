import { EMPTY_TEXTS, NO_VALUE } from '../../../common/spec';
import { Amount } from '../../ui/Amount';
import { useTransactionStatsQuery, TX_STATS_POLL_MS } from './transactionsApi';
import { TX_TEXTS } from './texts';

/** The four tiles of the all-transactions page, from /getHomepagedata (real pending pool count). */
export function StatTiles() {
  const { data, isError } = useTransactionStatsQuery(undefined, { pollingInterval: TX_STATS_POLL_MS });
  const s = data?.result;
  const placeholder = isError ? NO_VALUE : EMPTY_TEXTS.loading;
  const tiles = [
    { label: TX_TEXTS.tiles.transactions24h, value: s ? String(s.twentyFourHoursAgotxn) : placeholder },
    {
      label: TX_TEXTS.tiles.pending1h,
      // null: the node could not be asked; say nothing rather than a made-up 0.
      value: s ? (s.pendingTransactions === null ? NO_VALUE : String(s.pendingTransactions)) : placeholder,
    },
    {
      label: TX_TEXTS.tiles.fees24h,
      value: s ? <Amount value={s.totalFees24Hours} wei={s.totalFees24HoursWei} kind="fee" /> : placeholder,
    },
    { label: TX_TEXTS.tiles.avgFee24h, value: s ? <Amount value={s.avgFee24Hours} wei={s.avgFee24HoursWei} kind="fee" /> : placeholder },
  ];
  return (
    <section aria-label={TX_TEXTS.tilesLabel}>
      <ul className="tx-tiles">
        {tiles.map((t) => (
          <li key={t.label} className="tx-tile">
            <span className="tx-tile__label">{t.label}</span>
            <span className="tx-tile__value">{t.value}</span>
          </li>
        ))}
      </ul>
      {isError && !s && <p className="muted tx-tiles__error">{TX_TEXTS.statsError}</p>}
    </section>
  );
}
