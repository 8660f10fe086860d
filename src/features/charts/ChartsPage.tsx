import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';

/** Placeholder until the charts screen lands: shows the spec's title so routing can be tested. */
export function ChartsPage() {
  return (
    <section className="page">
      <PageTitle>{SCREEN_TITLES.chart}</PageTitle>
    </section>
  );
}
