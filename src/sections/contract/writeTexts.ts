import { defineTexts } from '../../lib/i18n';

/** Sent to a browser wallet as the chain's name (data, not a text). */
export const CHAIN_NAME = 'Ruby';

/** Texts of the Contract tab's Write contract view (writeContractMachine's flow). */
export const WRITE_TEXTS = defineTexts('sections.write', {
  write: 'Write contract',
  writeAsProxy: 'Write as proxy',
  writeAsProxyNote: "Functions of the implementation's verified ABI, sent to this proxy's address and signed in your browser.",
  none: 'This contract has no functions that change its state.',
  signWith: 'Sign with',
  webWallet: 'Your web wallet',
  injected: 'Browser wallet',
  noSigner: 'To write, log in with a web wallet, or open this page in a browser with a wallet extension.',
  valueLabel: 'Value (RUBY)',
  unit: '× 10^18 (whole units)',
  asJson: 'as JSON',
  write1: 'Write',
  estimating: 'Estimating gas...',
  connecting: 'Connecting to the wallet...',
  unlockTitle: 'Your wallet is locked in this browser session: type your account password to sign.',
  password: 'Account password',
  unlock: 'Unlock and continue',
  cancel: 'Cancel',
  confirm: 'Confirm and send',
  estimate: 'Gas estimate',
  maxFee: 'Max fee',
  from: 'From',
  sending: 'Sending...',
  pending: 'Transaction sent, waiting to be mined...',
  mined: 'Transaction mined: success',
  minedFailed: 'The transaction was mined but reverted',
  reverted: 'The call would revert; nothing was sent.',
  reason: 'Reason',
  noReason: 'The call reverted without a reason',
  /** A revert whose data names no error the ABI knows: its selector, and the node's message when it gave one. */
  unknownError: ({ selector }: { selector: string }) => `Unknown error ${selector}`,
  unknownErrorWith: ({ selector, message }: { selector: string; message: string }) => `Unknown error ${selector} (${message})`,
  failed: 'The write failed',
  dismiss: 'Dismiss',
  hash: 'Transaction',
  events: 'Events',
  noEvents: 'No events emitted.',
  rejected: 'You rejected the request in your wallet.',
  walletFailed: 'The browser wallet refused the request.',
  noInjected: 'No browser wallet was found.',
  noAccount: 'The browser wallet gave no account.',
  addChainManually: (chainId: number) =>
    `Your browser wallet does not know this chain: add the Ruby network (chain id ${chainId}) to it, then try again.`,
  notMined: 'The transaction was not mined in time; look it up by its hash.',
  formProblems: 'Fix the fields marked below.',
  payable: '(payable)',
  /** 'Sign with your web wallet' when it is the only signer. */
  signWithWeb: 'Sign with your web wallet',
  signWithInjected: 'Sign with browser wallet',
  gasUnit: (gas: string) => `${gas} gas`,
  rubyUnit: (fee: string) => `${fee} RUBY`,
} as const);
