import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';

/** Placeholder until the forms screen lands: shows the spec's title so routing can be tested. */
export function FeatureRequestPage() {
  return (
    <section className="page">
      <PageTitle>{SCREEN_TITLES.featureRequest}</PageTitle>
    </section>
  );
}
