import type { HourlyPoint } from '../../../common/api/charts';
import type { HomeData } from '../../../common/api/home';
import { links } from '../../app/links';
import { formatUsd } from '../../lib/amount';
import { ExternalLink } from '../../ui/ExternalLink';
import { Loading } from '../../ui/Loading';
import { CHART_HEIGHTS, ChartBox } from '../../ui/charts/ChartBox';
import { SimpleBarChart } from '../../ui/charts/lazyCharts';
import { formatCount } from './format';
import { hourlyBars } from '../../ui/charts/hourlyBars';
import { HOME_TEXTS } from './texts';

/** Tall enough for the bars, an hour axis and a count axis. */

interface StatsStripProps {
  data: HomeData | undefined;
  graph: readonly HourlyPoint[] | undefined;
  graphFailed: boolean;
}

/** Transactions-per-hour bars, the 24 h count, the price and 'View Market Cap' (not on /aa). */
export function StatsStrip({ data, graph, graphFailed }: StatsStripProps) {
  const T = HOME_TEXTS.strip;
  return (
    <section className="stats-strip panel" aria-label={T.caption}>
      <div className="stats-strip__chart">
        <p className="stats-strip__label">{T.perHourChart}</p>
        {/* With axes: a lone bar with no scale said nothing. */}
        <ChartBox size="strip" loading={graph === undefined} failed={graphFailed && graph === undefined}>
          {(width) =>
            graph && (
              <SimpleBarChart
                data={hourlyBars(graph)}
                width={width}
                height={CHART_HEIGHTS.strip.wide}
                yWidth={48}
                summary={T.perHourChart}
              />
            )
          }
        </ChartBox>
      </div>
      <dl className="stats-strip__figures">
        <div className="stats-strip__figure">
          <dt className="stats-strip__label">
            {T.daily} <span className="muted">({T.dailyHint})</span>
          </dt>
          <dd className="stats-strip__value">{data ? formatCount(data.twentyFourHoursAgotxn) : <Loading className="loading--inline" />}</dd>
        </div>
        <div className="stats-strip__figure">
          <dt className="stats-strip__label">{T.price}</dt>
          <dd className="stats-strip__value">{data ? `$${formatUsd(data.rubyprice)}` : <Loading className="loading--inline" />}</dd>
        </div>
      </dl>
      <div className="stats-strip__action">
        <ExternalLink href={links.marketCap} className="btn btn--primary">
          {T.marketCap}
        </ExternalLink>
      </div>
    </section>
  );
}
