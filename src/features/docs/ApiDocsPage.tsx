import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';

/** Placeholder until the docs screen lands: shows the spec's title so routing can be tested. */
export function ApiDocsPage() {
  return (
    <section className="page">
      <PageTitle>{SCREEN_TITLES.api}</PageTitle>
    </section>
  );
}
