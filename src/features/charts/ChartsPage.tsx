import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';
import { MOBILE_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { ActivityCharts } from './ActivityCharts';
import { HourlyCharts } from './HourlyCharts';
import { CHART_TEXTS } from './texts';
import './charts.css';

/** Chart height: no fixed aspect ratio (spec), the width follows the card. */
const HEIGHT = { wide: 300, narrow: 240 } as const;

/** /Chart, 'Charts & stats': the spec's nine charts plus the live contract-transaction chart. */
export function ChartsPage() {
  const height = HEIGHT[useMediaQuery(MOBILE_QUERY) ? 'narrow' : 'wide'];
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
