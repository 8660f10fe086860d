/**
 * The Gas Tracker (/GasTracker): low / average / high fees paid in the latest blocks, the
 * base fee, what a coin transfer costs at each level, the node's pool (linked to the Pending tab),
 * and the base fee per hour over 24 hours. Figures from the indexed chain (GET /getGasTracker).
 */
import { Link } from 'wouter';
import { SCREEN_TITLES, TABS } from '../../../common/spec';
import type { GasLevel, GasTracker } from '../../../common/api/gasTracker';
import { urls } from '../../app/urls';
import { formatCount, formatWei } from '../../lib/amount';
import { CHART_HEIGHTS, ChartBox } from '../../ui/charts/ChartBox';
import { SimpleLineChart } from '../../ui/charts/lazyCharts';
import { hourLabel } from '../../ui/charts/chartFormat';
import { LoadError } from '../../ui/LoadError';
import { Loading } from '../../ui/Loading';
import { PageTitle } from '../../ui/PageTitle';
import { usePendingTransactionsQuery } from '../transactions/transactionsApi';
import { GAS_POLL_MS, useGasTrackerQuery } from './gasApi';
import { GAS_TEXTS as T } from './texts';
import './gas.css';

/** Wei → Gwei, grouped, at most 4 decimals, trimmed ("1.0005 Gwei", "12,000 Gwei"). */
export function formatGwei(wei: string): string {
  const text = formatWei(wei, { unitDecimals: 9, places: 4 });
  return text === '—' ? text : `${text} Gwei`;
}

const gweiNumber = (wei: string): number => Number(wei) / 1e9;

function LevelCard({ name, level }: { name: keyof typeof T.levels; level: GasLevel }) {
  return (
    <section className="panel gas-level" aria-labelledby={`gas-${name}`}>
      <h2 id={`gas-${name}`} className="gas-level__name">
        {T.levels[name]} <span className="muted">({T.levelHints[name]})</span>
      </h2>
      <p className="gas-level__price">{formatGwei(level.gasPriceWei)}</p>
      <p className="muted">
        {formatGwei(level.priorityFeeWei)} {T.priority}
      </p>
      <p>
        {T.transfer} <strong>{formatWei(level.transferFeeWei, { places: 6, trim: true })} RUBY</strong>
      </p>
    </section>
  );
}

function GasFigures({ g }: { g: GasTracker }) {
  const pending = usePendingTransactionsQuery(undefined, { pollingInterval: GAS_POLL_MS });
  const hours = g.hourly.map((h) => ({
    key: String(h.hour),
    label: hourLabel(new Date(h.hour * 1000).getUTCHours()),
    value: gweiNumber(h.baseFeeWei),
    title: T.hourBar(hourLabel(new Date(h.hour * 1000).getUTCHours()), formatGwei(h.baseFeeWei), h.blocks),
  }));
  return (
    <>
      <div className="gas-levels">
        <LevelCard name="low" level={g.low} />
        <LevelCard name="average" level={g.average} />
        <LevelCard name="high" level={g.high} />
      </div>
      <dl className="panel gas-facts">
        <div>
          <dt>{T.baseFee}</dt>
          <dd>{formatGwei(g.baseFeeWei)}</dd>
        </div>
        <div>
          <dt>{T.newestBlock}</dt>
          <dd>{g.blockNumber === null ? '—' : <Link href={urls.block(g.blockNumber)}>{formatCount(g.blockNumber)}</Link>}</dd>
        </div>
        <div>
          <dt>{T.pending}</dt>
          <dd>
            {pending.data ? (
              <Link href={urls.allTransactions({ tab: TABS.allTransactions[1] })} title={T.pendingLink}>
                {formatCount(pending.data.pendingTransactions)}
              </Link>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
      <p className="muted gas-sample">{g.sampleTransactions > 0 ? T.sample(g.sampleTransactions, g.sampleBlocks) : T.noTransactions}</p>
      <section className="panel gas-chart" aria-labelledby="gas-chart-title">
        <h2 id="gas-chart-title">{T.chartTitle}</h2>
        {hours.length === 0 ? (
          <p className="muted">{T.noHours}</p>
        ) : (
          <ChartBox size="gas" loading={false}>
            {(width) => (
              <SimpleLineChart
                data={hours}
                width={width}
                height={CHART_HEIGHTS.gas.wide}
                summary={T.chartSummary(hours.length)}
                yTick={(v) => `${v}`}
                yWidth={56}
              />
            )}
          </ChartBox>
        )}
      </section>
    </>
  );
}

export function GasTrackerPage() {
  const { data, isError, refetch } = useGasTrackerQuery(undefined, { pollingInterval: GAS_POLL_MS });
  return (
    <div className="page gas-page">
      <PageTitle>{SCREEN_TITLES.gasTracker}</PageTitle>
      <p className="gas-intro">{T.intro}</p>
      {data ? (
        <GasFigures g={data.result} />
      ) : isError ? (
        <LoadError message={T.loadError} onRetry={() => void refetch()} />
      ) : (
        <Loading minHeight="16rem" />
      )}
    </div>
  );
}
