import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';

/** Placeholder until the wallet screen lands: shows the spec's title so routing can be tested. */
export function LoginPage() {
  return (
    <section className="page">
      <PageTitle>{SCREEN_TITLES.account}</PageTitle>
    </section>
  );
}
