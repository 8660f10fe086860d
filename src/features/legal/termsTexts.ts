/**
 * The Terms and Conditions' words. A paragraph with links is split around them
 * (before, between, after); the link labels are the footer's (FOOTER in common/spec.ts).
 */
import { defineTexts } from '../../lib/i18n';

export const TERMS_TEXTS = defineTexts('legal.terms', {
  intro: 'These terms govern your use of Ruby Explorer. Please read them together with the Privacy Policy.',
  acceptance: {
    heading: 'Acceptance of these terms',
    before:
      'By using Ruby Explorer (the explorer pages, the web wallet, the API, the documentation and the forms, together "the Service") you agree to these Terms and Conditions and to the ',
    after: '. If you do not agree, do not use the Service.',
  },
  service: {
    heading: 'The Service',
    paragraphs: [
      'Ruby Explorer is a tool for inspecting and analysing RVM based blockchains. It reads the public Ruby chain, stores what it reads, and shows blocks, transactions, addresses, tokens, contracts and charts to anyone, without an account.',
      'Registered users can also keep a web wallet: create or import a key, see balances, send and receive RUBY and RBC20 tokens. Developers can use the API and the rubyWeb3 package described in the documentation pages.',
      'Figures are shown as the chain and our index report them. The index can lag behind the chain, and prices in US dollars or Indian rupees come from a configured source and are informational only.',
    ],
  },
  eligibility: {
    heading: 'Who may use the Service',
    text: (age: number) =>
      `You must be at least ${age} years old to use the Service. Children under ${age} are not allowed to use it or to create an account. If you use the Service on behalf of an organisation, you confirm that you may accept these terms for it.`,
  },
  accounts: {
    heading: 'Your account and your keys',
    items: [
      'Give a real email address and keep your password secret. You are responsible for what is done with your account.',
      "Your wallet's private key is created or imported in your browser. We store it only as a keystore encrypted in your browser with a key made from your account password, which we never receive, so we cannot read it and cannot recover it for you.",
      'Keep your own copy of the private key. If you lose both the key and your password, nobody, including us, can restore access to the funds of that wallet.',
    ],
  },
  transactions: {
    heading: 'Transactions are final',
    text: 'Transactions you send are signed with your key and broadcast to the Ruby chain. Once confirmed they cannot be reversed, cancelled or refunded by us. Check the recipient address and the amount before sending. Every transaction costs a network fee paid to the chain, not to us.',
  },
  developers: {
    heading: 'Contract deployment and the API',
    items: [
      "The Deploy contract page and the API's signing calls take a private key that you enter. It is used once, in memory, to sign your transaction and is never stored or logged. Only use keys you are allowed to use.",
      'API use is subject to rate limits. API keys are personal: do not share or publish them. We may revoke keys that are abused.',
      'You are responsible for the contracts you deploy and for the source code you publish.',
    ],
  },
  acceptableUse: {
    heading: 'Acceptable use',
    lead: 'You agree not to:',
    items: [
      'break the law, or use the Service to defraud, harass or harm others;',
      'attack, overload or probe the Service, or get around its rate limits or security;',
      "use another person's account, key or API key without permission;",
      'submit forms with false, abusive or automated content.',
    ],
  },
  payments: {
    heading: 'Subscriptions and payments',
    text: 'The Service is currently free of charge. Where a paid subscription is offered (for example higher API limits), its price and period are shown before you pay. Subscription payments are non-refundable, including for unused parts of a period, except where the law of your country requires a refund.',
  },
  thirdParties: {
    heading: 'Third-party content and links',
    text: 'Token names, contract code and other on-chain content are created by third parties; we do not check or endorse them. Links to other sites (for example market data) open pages we do not control.',
  },
  disclaimer: {
    heading: 'No warranty, no advice',
    text: 'The Service is provided "as is" and "as available", without warranty of any kind. Nothing on it is financial, investment or legal advice. We do not guarantee that it is error-free, complete or always available.',
  },
  liability: {
    heading: 'Limitation of liability',
    text: 'To the extent the law allows, we are not liable for indirect or consequential losses, for losses caused by transactions you sign, by lost keys or passwords, by the chain itself, or by periods when the Service is unavailable.',
  },
  termination: {
    heading: 'Suspension and termination',
    before:
      'We may suspend or close accounts and API keys that break these terms. You may stop using the Service at any time; ask us through the ',
    after: ' form to delete your account.',
  },
  changes: {
    heading: 'Changes to these terms',
    text: 'We may change these terms. The date at the top shows the latest version; continuing to use the Service after a change means you accept it.',
  },
  contact: {
    heading: 'Contact',
    before: 'Questions about these terms: use the ',
    between: ' form. Ideas for the Service are welcome through the ',
    after: ' form.',
  },
} as const);
