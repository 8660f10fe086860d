import { Link } from 'wouter';
import { SCREEN_TITLES } from '../../../common/spec';
import { urls } from '../../app/urls';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { LEGAL_TEXTS } from './texts';

const AGE = LEGAL_TEXTS.minimumAge;

/** What the product really does with data; keep in step with the code (accounts, keystores, forms, logs). */
const SECTIONS: readonly LegalSection[] = [
  {
    id: 'chain-data',
    heading: 'Public chain data',
    body: (
      <p>
        Blocks, transactions, addresses, balances, tokens and contracts are public on the Ruby chain. We read them from the chain, store
        them in our database and show them to anyone. A transaction you send, and the addresses in it, become public permanently; nobody,
        including us, can remove them from the chain.
      </p>
    ),
  },
  {
    id: 'account',
    heading: 'Your account',
    body: (
      <p>
        When you sign up we store your email address and a hash of your password made with scrypt, a slow, salted password hashing function.
        We never store your password itself and never write it to a log. Logging in gives your browser a signed token that holds your email
        and an expiry time.
      </p>
    ),
  },
  {
    id: 'wallet',
    heading: 'Your wallet and private key',
    body: (
      <ul>
        <li>Your private key is created or imported in your browser.</li>
        <li>
          To let you use your wallet on another device, your browser encrypts the key with your account password into a keystore before
          sending it. We store that encrypted keystore and your wallet address. The server never receives your private key in plain text and
          cannot decrypt the keystore.
        </li>
        <li>Transactions from the web wallet are signed in your browser; we only pass the signed transaction on to the chain.</li>
        <li>
          Exception: the Deploy contract page and the API&apos;s signing calls take a private key that you type in. It is sent over the
          connection, used once in memory to sign, and never stored or logged.
        </li>
      </ul>
    ),
  },
  {
    id: 'forms',
    heading: 'Report issue and Feature request forms',
    body: (
      <p>
        When you send the <Link href={urls.issueForm()}>Report issue</Link> or <Link href={urls.featureRequest()}>Feature request</Link>{' '}
        form we store your name, your email address, your description and the time of submission, so the operator can read it and answer
        you. We do not store your IP address with it.
      </p>
    ),
  },
  {
    id: 'technical',
    heading: 'Technical data and logs',
    body: (
      <ul>
        <li>
          Your IP address is used, in memory only, to limit how many requests and form submissions come from one address. It is forgotten
          when the limit&apos;s time window ends.
        </li>
        <li>
          Server logs record technical events such as start-up, indexing progress, errors and the number of a stored form. They never
          contain passwords, private keys, login tokens or the contents of your forms.
        </li>
        <li>If you create API keys, we keep them with your account to identify and rate-limit your API requests.</li>
      </ul>
    ),
  },
  {
    id: 'browser',
    heading: 'What stays in your browser',
    body: (
      <p>
        Your browser&apos;s local storage keeps your login token and your last five search terms. They stay on your device; logging out
        removes the token, and you can clear both in your browser settings. We use no cookies, no analytics and no advertising trackers.
      </p>
    ),
  },
  {
    id: 'use',
    heading: 'How we use your data',
    body: (
      <p>
        Only to run the Service: to show chain data, to log you in and restore your wallet, to protect the Service against abuse, and to
        handle the requests you send us. We do not sell or rent personal data, and we share it only when the law requires us to.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <p>
        Account data and the encrypted keystore are kept until you ask us to delete your account. Form submissions are kept as long as
        needed to handle them. Public chain data is kept as long as the explorer runs.
      </p>
    ),
  },
  {
    id: 'rights',
    heading: 'Your choices and rights',
    body: (
      <p>
        You can ask to see, correct or delete your account data and your form submissions through the{' '}
        <Link href={urls.issueForm()}>Report issue</Link> form. Deleting your account deletes the encrypted keystore; keep your own copy of
        your private key. Data written to the chain cannot be deleted.
      </p>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    body: (
      <p>
        The Service is not for children under {AGE}. We do not knowingly collect data from children under {AGE}; if we learn that an account
        belongs to one, we delete it.
      </p>
    ),
  },
  {
    id: 'payments',
    heading: 'Payments',
    body: (
      <p>
        The Service does not take payments today. If paid subscriptions are offered, payment details are handled by the payment provider
        named at checkout, not stored by us, and subscription payments are non-refundable as the{' '}
        <Link href={urls.terms()}>Terms and Conditions</Link> explain.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: <p>When this policy changes, the date at the top changes with it.</p>,
  },
];

/** /PrivacyPolicy. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title={SCREEN_TITLES.privacy}
      intro={<p>This policy explains what data Ruby Explorer handles, why, and what stays under your control.</p>}
      sections={SECTIONS}
    />
  );
}
