import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';
import { FeedbackForm } from './FeedbackForm';

/** /IssueForm: name, email and issue description, stored by the API. */
export function IssueFormPage() {
  return (
    <section className="page">
      <PageTitle>{SCREEN_TITLES.issueForm}</PageTitle>
      <FeedbackForm kind="issue" />
    </section>
  );
}
