import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';

/** Placeholder until the docs screen lands: shows the spec's title so routing can be tested. */
export function RubyWeb3DocsPage() {
  return (
    <section className="page">
      <PageTitle>{SCREEN_TITLES.rubyWeb3Docs}</PageTitle>
    </section>
  );
}
