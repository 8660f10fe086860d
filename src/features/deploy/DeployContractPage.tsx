import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';

/** Placeholder until the deploy screen lands: shows the spec's title so routing can be tested. */
export function DeployContractPage() {
  return (
    <section className="page">
      <PageTitle>{SCREEN_TITLES.deployContract}</PageTitle>
    </section>
  );
}
