import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';
import { useChartHeight } from '../../ui/charts/ChartBox';
import { ActivityCharts } from './ActivityCharts';
import { HourlyCharts } from './HourlyCharts';
import { CHART_TEXTS } from './texts';
import './charts.css';

/** /Chart, 'Charts & stats': the spec's nine charts plus the live contract-transaction chart. */
export function ChartsPage() {
  // Chart height: no fixed aspect ratio (spec), the width follows the card.
  const height = useChartHeight('card');
  return (
    <section className="page charts-page">
      <PageTitle>{SCREEN_TITLES.chart}</PageTitle>
      <p className="charts-page__intro">{CHART_TEXTS.intro}</p>
      <div className="charts-grid">
        <HourlyCharts height={height} />
        <ActivityCharts height={height} />
      </div>
    </section>
  );
}
