import { Link } from 'wouter';
import { FOOTER, SCREEN_TITLES } from '../../../common/spec';
import { urls } from '../../app/urls';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { TERMS_TEXTS as T } from './termsTexts';
import { LEGAL_TEXTS } from './texts';

function list(items: readonly string[]) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** The sections, built while rendering so that they read the active language. */
function sections(): readonly LegalSection[] {
  const age = LEGAL_TEXTS.minimumAge;
  const issueLink = <Link href={urls.issueForm()}>{FOOTER.issue}</Link>;
  return [
    {
      id: 'acceptance',
      heading: T.acceptance.heading,
      body: (
        <p>
          {T.acceptance.before}
          <Link href={urls.privacy()}>{FOOTER.privacy}</Link>
          {T.acceptance.after}
        </p>
      ),
    },
    {
      id: 'service',
      heading: T.service.heading,
      body: (
        <>
          {T.service.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </>
      ),
    },
    { id: 'eligibility', heading: T.eligibility.heading, body: <p>{T.eligibility.text(age)}</p> },
    { id: 'accounts', heading: T.accounts.heading, body: list(T.accounts.items) },
    { id: 'transactions', heading: T.transactions.heading, body: <p>{T.transactions.text}</p> },
    { id: 'developers', heading: T.developers.heading, body: list(T.developers.items) },
    {
      id: 'acceptable-use',
      heading: T.acceptableUse.heading,
      body: (
        <>
          <p>{T.acceptableUse.lead}</p>
          {list(T.acceptableUse.items)}
        </>
      ),
    },
    { id: 'payments', heading: T.payments.heading, body: <p>{T.payments.text}</p> },
    { id: 'third-parties', heading: T.thirdParties.heading, body: <p>{T.thirdParties.text}</p> },
    { id: 'disclaimer', heading: T.disclaimer.heading, body: <p>{T.disclaimer.text}</p> },
    { id: 'liability', heading: T.liability.heading, body: <p>{T.liability.text}</p> },
    {
      id: 'termination',
      heading: T.termination.heading,
      body: (
        <p>
          {T.termination.before}
          {issueLink}
          {T.termination.after}
        </p>
      ),
    },
    { id: 'changes', heading: T.changes.heading, body: <p>{T.changes.text}</p> },
    {
      id: 'contact',
      heading: T.contact.heading,
      body: (
        <p>
          {T.contact.before}
          {issueLink}
          {T.contact.between}
          <Link href={urls.featureRequest()}>{FOOTER.feature}</Link>
          {T.contact.after}
        </p>
      ),
    },
  ];
}

/** /TermsAndConditions. */
export function TermsPage() {
  return <LegalDocument title={SCREEN_TITLES.terms} intro={<p>{T.intro}</p>} sections={sections()} />;
}
