import { Link } from 'wouter';
import { SCREEN_TITLES } from '../../../common/spec';
import { urls } from '../../app/urls';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { LEGAL_TEXTS } from './texts';

const AGE = LEGAL_TEXTS.minimumAge;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    heading: 'Acceptance of these terms',
    body: (
      <p>
        By using Ruby Explorer (the explorer pages, the web wallet, the API, the documentation and the forms, together &quot;the
        Service&quot;) you agree to these Terms and Conditions and to the <Link href={urls.privacy()}>Privacy Policy</Link>. If you do not
        agree, do not use the Service.
      </p>
    ),
  },
  {
    id: 'service',
    heading: 'The Service',
    body: (
      <>
        <p>
          Ruby Explorer is a tool for inspecting and analysing RVM based blockchains. It reads the public Ruby chain, stores what it reads,
          and shows blocks, transactions, addresses, tokens, contracts and charts to anyone, without an account.
        </p>
        <p>
          Registered users can also keep a web wallet: create or import a key, see balances, send and receive RUBY and RBC20 tokens.
          Developers can use the API and the rubyWeb3 package described in the documentation pages.
        </p>
        <p>
          Figures are shown as the chain and our index report them. The index can lag behind the chain, and prices in US dollars or Indian
          rupees come from a configured source and are informational only.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Who may use the Service',
    body: (
      <p>
        You must be at least {AGE} years old to use the Service. Children under {AGE} are not allowed to use it or to create an account. If
        you use the Service on behalf of an organisation, you confirm that you may accept these terms for it.
      </p>
    ),
  },
  {
    id: 'accounts',
    heading: 'Your account and your keys',
    body: (
      <ul>
        <li>Give a real email address and keep your password secret. You are responsible for what is done with your account.</li>
        <li>
          Your wallet&apos;s private key is created or imported in your browser. We store it only as a keystore encrypted in your browser
          with your account password, so we cannot read it and cannot recover it for you.
        </li>
        <li>
          Keep your own copy of the private key. If you lose both the key and your password, nobody, including us, can restore access to the
          funds of that wallet.
        </li>
      </ul>
    ),
  },
  {
    id: 'transactions',
    heading: 'Transactions are final',
    body: (
      <p>
        Transactions you send are signed with your key and broadcast to the Ruby chain. Once confirmed they cannot be reversed, cancelled or
        refunded by us. Check the recipient address and the amount before sending. Every transaction costs a network fee paid to the chain,
        not to us.
      </p>
    ),
  },
  {
    id: 'developers',
    heading: 'Contract deployment and the API',
    body: (
      <ul>
        <li>
          The Deploy contract page and the API&apos;s signing calls take a private key that you enter. It is used once, in memory, to sign
          your transaction and is never stored or logged. Only use keys you are allowed to use.
        </li>
        <li>API use is subject to rate limits. API keys are personal: do not share or publish them. We may revoke keys that are abused.</li>
        <li>You are responsible for the contracts you deploy and for the source code you publish.</li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>break the law, or use the Service to defraud, harass or harm others;</li>
          <li>attack, overload or probe the Service, or get around its rate limits or security;</li>
          <li>use another person&apos;s account, key or API key without permission;</li>
          <li>submit forms with false, abusive or automated content.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'payments',
    heading: 'Subscriptions and payments',
    body: (
      <p>
        The Service is currently free of charge. Where a paid subscription is offered (for example higher API limits), its price and period
        are shown before you pay. Subscription payments are non-refundable, including for unused parts of a period, except where the law of
        your country requires a refund.
      </p>
    ),
  },
  {
    id: 'third-parties',
    heading: 'Third-party content and links',
    body: (
      <p>
        Token names, contract code and other on-chain content are created by third parties; we do not check or endorse them. Links to other
        sites (for example market data) open pages we do not control.
      </p>
    ),
  },
  {
    id: 'disclaimer',
    heading: 'No warranty, no advice',
    body: (
      <p>
        The Service is provided &quot;as is&quot; and &quot;as available&quot;, without warranty of any kind. Nothing on it is financial,
        investment or legal advice. We do not guarantee that it is error-free, complete or always available.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, we are not liable for indirect or consequential losses, for losses caused by transactions you sign, by
        lost keys or passwords, by the chain itself, or by periods when the Service is unavailable.
      </p>
    ),
  },
  {
    id: 'termination',
    heading: 'Suspension and termination',
    body: (
      <p>
        We may suspend or close accounts and API keys that break these terms. You may stop using the Service at any time; ask us through the{' '}
        <Link href={urls.issueForm()}>Report issue</Link> form to delete your account.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to these terms',
    body: (
      <p>
        We may change these terms. The date at the top shows the latest version; continuing to use the Service after a change means you
        accept it.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact',
    body: (
      <p>
        Questions about these terms: use the <Link href={urls.issueForm()}>Report issue</Link> form. Ideas for the Service are welcome
        through the <Link href={urls.featureRequest()}>Feature request</Link> form.
      </p>
    ),
  },
];

/** /TermsAndConditions. */
export function TermsPage() {
  return (
    <LegalDocument
      title={SCREEN_TITLES.terms}
      intro={<p>These terms govern your use of Ruby Explorer. Please read them together with the Privacy Policy.</p>}
      sections={SECTIONS}
    />
  );
}
