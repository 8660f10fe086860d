import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';

/** Placeholder until the search screen lands: shows the spec's title so routing can be tested. */
export function SearchTokenPage() {
  return (
    <section className="page">
      <PageTitle>{SCREEN_TITLES.searchToken}</PageTitle>
    </section>
  );
}
