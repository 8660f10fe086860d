import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';

/** Placeholder until the legal screen lands: shows the spec's title so routing can be tested. */
export function PrivacyPage() {
  return (
    <section className="page">
      <PageTitle>{SCREEN_TITLES.privacy}</PageTitle>
    </section>
  );
}
