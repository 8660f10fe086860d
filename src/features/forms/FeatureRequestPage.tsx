import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';
import { FeedbackForm } from './FeedbackForm';

/** /Featurerequest: name, email and features description, stored by the API. */
export function FeatureRequestPage() {
  return (
    <section className="page">
      <PageTitle>{SCREEN_TITLES.featureRequest}</PageTitle>
      <FeedbackForm kind="feature" />
    </section>
  );
}
