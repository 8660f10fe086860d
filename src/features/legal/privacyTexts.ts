/**
 * The Privacy Policy's words. What the product really does with data: keep in step with
 * the code (accounts, keystores, forms, logs). A paragraph with links is split around them
 * (before, after); the link labels are the footer's (FOOTER in common/spec.ts).
 */
import { defineTexts } from '../../lib/i18n';

export const PRIVACY_TEXTS = defineTexts('legal.privacy', {
  intro: 'This policy explains what data Ruby Explorer handles, why, and what stays under your control.',
  chainData: {
    heading: 'Public chain data',
    text: 'Blocks, transactions, addresses, balances, tokens and contracts are public on the Ruby chain. We read them from the chain, store them in our database and show them to anyone. A transaction you send, and the addresses in it, become public permanently; nobody, including us, can remove them from the chain.',
  },
  account: {
    heading: 'Your account',
    text: 'When you sign up your browser turns your password into two keys with Argon2id, a slow, salted password hashing function: a log-in key, which it sends instead of your password, and a wallet key, which never leaves your browser. We store your email address and a hash of the log-in key made with scrypt. We never receive your password, never store it and never write it to a log. Logging in gives your browser a signed token that holds your email and an expiry time.',
  },
  wallet: {
    heading: 'Your wallet and private key',
    items: [
      'Your private key is created or imported in your browser.',
      'To let you use your wallet on another device, your browser encrypts the key with the wallet key made from your password into a keystore before sending it. We store that encrypted keystore and your wallet address. The server never receives your private key in plain text and cannot decrypt the keystore.',
      'Transactions from the web wallet are signed in your browser; we only pass the signed transaction on to the chain.',
      "Exception: the Deploy contract page and the API's signing calls take a private key that you type in. It is sent over the connection, used once in memory to sign, and never stored or logged.",
    ],
  },
  forms: {
    heading: 'Report issue and Feature request forms',
    before: 'When you send the ',
    between: ' or ',
    after:
      ' form we store your name, your email address, your description and the time of submission, so the operator can read it and answer you. We do not store your IP address with it.',
  },
  technical: {
    heading: 'Technical data and logs',
    items: [
      "Your IP address is used, in memory only, to limit how many requests and form submissions come from one address. It is forgotten when the limit's time window ends.",
      'Server logs record technical events such as start-up, indexing progress, errors and the number of a stored form. They never contain passwords, private keys, login tokens or the contents of your forms.',
      'If you create API keys, we keep them with your account to identify and rate-limit your API requests.',
    ],
  },
  browser: {
    heading: 'What stays in your browser',
    text: "Your browser's local storage keeps your login token and your last five search terms. They stay on your device; logging out removes the token, and you can clear both in your browser settings. We use no cookies, no analytics and no advertising trackers.",
  },
  use: {
    heading: 'How we use your data',
    text: 'Only to run the Service: to show chain data, to log you in and restore your wallet, to protect the Service against abuse, and to handle the requests you send us. We do not sell or rent personal data, and we share it only when the law requires us to.',
  },
  retention: {
    heading: 'How long we keep it',
    text: 'Account data and the encrypted keystore are kept until you ask us to delete your account. Form submissions are kept as long as needed to handle them. Public chain data is kept as long as the explorer runs.',
  },
  rights: {
    heading: 'Your choices and rights',
    before: 'You can ask to see, correct or delete your account data and your form submissions through the ',
    after:
      ' form. Deleting your account deletes the encrypted keystore; keep your own copy of your private key. Data written to the chain cannot be deleted.',
  },
  children: {
    heading: 'Children',
    text: (age: number) =>
      `The Service is not for children under ${age}. We do not knowingly collect data from children under ${age}; if we learn that an account belongs to one, we delete it.`,
  },
  payments: {
    heading: 'Payments',
    before:
      'The Service does not take payments today. If paid subscriptions are offered, payment details are handled by the payment provider named at checkout, not stored by us, and subscription payments are non-refundable as the ',
    after: ' explain.',
  },
  changes: {
    heading: 'Changes to this policy',
    text: 'When this policy changes, the date at the top changes with it.',
  },
} as const);
