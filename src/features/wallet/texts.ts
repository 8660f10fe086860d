import { defineTexts } from '../../lib/i18n';
import { WALLET_FORM_TEXTS } from '../../lib/walletTexts';

/**
 * Wallet texts the spec does not word (labels, field errors); the spec's own messages live in
 * common/spec.ts (MESSAGES) and are used from there.
 */
const OWN_WALLET_TEXTS = defineTexts('wallet.texts', {
  available: 'Balance',
  max: 'Max',
  feeEstimate: 'Network fee (estimate, at most)',
  feeEstimating: 'Estimating...',
  feeUnknown: 'Not available right now',
  email: 'Email',
  password: 'Password',
  continue: 'Continue',
  login: 'Login',
  loggingIn: 'Logging in...',
  signingUp: 'Signing up...',
  derivingKeys: 'Securing your password in this browser',
  toLogin: 'Already have an account? Log in',
  toSignup: "Don't have an account? Sign up",
  ok: 'OK',
  close: 'Close',
  createWallet: 'Create Wallet',
  importWallet: 'Import Wallet',
  createHint: 'A new key is made in this browser. It never leaves it unencrypted.',
  importHint: 'Use a private key you already hold.',
  termsTitle: 'Terms of use',
  terms: [
    'Your private key is the only way to spend from this wallet. Keep a copy somewhere safe: nobody, including us, can recover it.',
    'The key is created and used in your browser. We store only the wallet address and a copy of the key encrypted in your browser with a key made from your password, which we never receive.',
    'Transactions on the chain are final and cannot be reversed.',
  ],
  accept: 'Accept',
  decline: 'Decline',
  generating: 'Creating wallet...',
  resultTitle: 'Your new wallet',
  importTitle: 'Import wallet',
  privateKey: 'Private key',
  privateKeyOptional: 'Private key (optional)',
  address: 'Address',
  copy: 'Copy',
  goToWallet: 'Go to my wallet',
  linking: 'Linking wallet...',
  accountPassword: 'Account password',
  whyCopyFirst: 'Copy the private key first: it is shown only once.',
  whyPassword: 'Enter your account password above: it encrypts the key before it is stored.',
  passwordHint: 'Your account password encrypts the key before it is stored, so you can restore it on another device.',
  overview: 'Overview',
  receive: 'Receive',
  send: 'Send',
  balance: 'Balance',
  usDollar: 'US Dollar',
  indianRupee: 'Indian Rupee',
  receiveTitle: 'Receive RUBY',
  sendTitle: 'Send RUBY',
  sendTokenTitle: ({ symbol }: { symbol: string }) => `Send ${symbol}`,
  receiveTokenTitle: ({ symbol }: { symbol: string }) => `Receive ${symbol}`,
  recipient: 'Recipient address',
  amount: 'Amount',
  searchToken: 'Search token by name or address',
  search: 'Search',
  addToken: 'Add token',
  token: 'Token',
  selectToken: 'Select a token',
  noTokenSelected: 'Select a token to see its transactions.',
  sent: 'Send',
  received: 'Received',
  hash: 'Hash',
  age: 'Age',
  from: 'From',
  to: 'To',
  value: 'Value',
  status: 'Status',
  type: 'Type',
  walletAddressLabel: 'Wallet address (click to copy)',
  tabsLabel: 'Wallet',
  recentPages: 'Recent Transactions pages',
  tokenPages: 'Token Transactions pages',
  matchingTokens: 'Matching tokens',
  error: 'Error',
  recentCaption: 'Recent Transactions',
  tokenTxCaption: 'Token Transactions',
  tokensCaption: 'Wallet tokens',
  wrongPassword: 'That password does not open this wallet',
  qrLabel: ({ address }: { address: string }) => `QR code of ${address}`,
} as const);

/**
 * The wallet's own texts and the machines' form texts (src/lib/walletTexts.ts) as one object. Their
 * property descriptors are copied, not their values, so each text is still read in the active language.
 */
export const WALLET_TEXTS: typeof WALLET_FORM_TEXTS & typeof OWN_WALLET_TEXTS = Object.freeze(
  Object.defineProperties(
    {},
    { ...Object.getOwnPropertyDescriptors(WALLET_FORM_TEXTS), ...Object.getOwnPropertyDescriptors(OWN_WALLET_TEXTS) },
  ) as typeof WALLET_FORM_TEXTS & typeof OWN_WALLET_TEXTS,
);

/** The dashboard's API keys panel (issue 8). */
export const API_KEY_TEXTS = defineTexts('wallet.apiKeys', {
  title: 'API keys',
  // {header} and {param} are the names of the key's header and query parameter, shown as code (ApiKeysPanel.tsx).
  intro:
    'Programs send an API key with their requests to the public API ({header} header or {param} query parameter) and get a higher rate limit.',
  label: 'Label',
  labelPlaceholder: 'e.g. my dapp',
  create: 'Create key',
  creating: 'Creating...',
  empty: 'No API keys yet',
  newKeyTitle: 'Your new API key',
  shownOnce: 'Copy it now: it will not be shown again.',
  copy: 'Copy key',
  copied: 'API key copied to clipboard',
  done: 'Done',
  revoke: 'Revoke',
  confirmRevoke: 'Confirm revoke',
  cancel: 'Cancel',
  revoked: 'Revoked',
  active: 'Active',
  revokedToast: 'API key revoked',
  colLabel: 'Label',
  colKey: 'Key',
  colCreated: 'Created',
  colStatus: 'Status',
  labelRequired: 'Enter a label (up to 100 characters)',
} as const);

/** The dashboard's "Export keystore" (issue #45): the key as a Web3 Secret Storage file under a passphrase the user chooses. */
export const EXPORT_TEXTS = defineTexts('wallet.export', {
  title: 'Export keystore',
  intro:
    'Download this wallet as a keystore file (Web3 Secret Storage) that any Ethereum wallet can open. It is encrypted in this browser with a passphrase you choose and is never sent to us.',
  open: 'Export keystore',
  passphrase: 'Passphrase for the file',
  repeat: 'Repeat the passphrase',
  accountPassword: 'Account password (to open the wallet)',
  download: 'Encrypt and download',
  working: 'Encrypting...',
  cancel: 'Cancel',
  tooShort: 'The passphrase must be at least 8 characters.',
  mismatch: 'The two passphrases differ.',
  passwordNeeded: 'Enter your account password to open the wallet.',
  wrongPassword: 'The account password does not open this wallet.',
  done: 'Keystore file downloaded',
} as const);
