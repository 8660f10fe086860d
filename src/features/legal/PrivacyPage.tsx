import { Link } from 'wouter';
import { FOOTER, SCREEN_TITLES } from '../../../common/spec';
import { urls } from '../../app/urls';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { PRIVACY_TEXTS as P } from './privacyTexts';
import { LEGAL_TEXTS } from './texts';

/** The sections, built while rendering so that they read the active language. */
function sections(): readonly LegalSection[] {
  const age = LEGAL_TEXTS.minimumAge;
  return [
    { id: 'chain-data', heading: P.chainData.heading, body: <p>{P.chainData.text}</p> },
    { id: 'account', heading: P.account.heading, body: <p>{P.account.text}</p> },
    {
      id: 'wallet',
      heading: P.wallet.heading,
      body: (
        <ul>
          {P.wallet.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ),
    },
    {
      id: 'forms',
      heading: P.forms.heading,
      body: (
        <p>
          {P.forms.before}
          <Link href={urls.issueForm()}>{FOOTER.issue}</Link>
          {P.forms.between}
          <Link href={urls.featureRequest()}>{FOOTER.feature}</Link>
          {P.forms.after}
        </p>
      ),
    },
    {
      id: 'technical',
      heading: P.technical.heading,
      body: (
        <ul>
          {P.technical.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ),
    },
    { id: 'browser', heading: P.browser.heading, body: <p>{P.browser.text}</p> },
    { id: 'use', heading: P.use.heading, body: <p>{P.use.text}</p> },
    { id: 'retention', heading: P.retention.heading, body: <p>{P.retention.text}</p> },
    {
      id: 'rights',
      heading: P.rights.heading,
      body: (
        <p>
          {P.rights.before}
          <Link href={urls.issueForm()}>{FOOTER.issue}</Link>
          {P.rights.after}
        </p>
      ),
    },
    { id: 'children', heading: P.children.heading, body: <p>{P.children.text(age)}</p> },
    {
      id: 'payments',
      heading: P.payments.heading,
      body: (
        <p>
          {P.payments.before}
          <Link href={urls.terms()}>{FOOTER.terms}</Link>
          {P.payments.after}
        </p>
      ),
    },
    { id: 'changes', heading: P.changes.heading, body: <p>{P.changes.text}</p> },
  ];
}

/** /PrivacyPolicy. */
export function PrivacyPage() {
  return <LegalDocument title={SCREEN_TITLES.privacy} intro={<p>{P.intro}</p>} sections={sections()} />;
}
