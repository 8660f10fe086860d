/** The wallet texts the machines (src/machines) show themselves; WALLET_TEXTS spreads them. */
import { defineTexts } from './i18n';

export const WALLET_FORM_TEXTS = defineTexts('lib.walletForm', {
  // The spec words no failed key copy (only the deploy page's address copy): said plainly, with
  // what to do; 'Go to my wallet' stays disabled until a copy succeeds.
  copyFailed: 'Could not copy the private key: allow clipboard access and press Copy again.',
  invalidKey: 'invalid private key',
  recipientRequired: 'Recipient address is required.',
  recipientInvalid: 'Recipient address is not valid: use r or 0x followed by 40 hex digits.',
  amountRequired: 'Amount is required.',
  amountNumeric: 'Amount must be a number greater than 0.',
  unlockRequired: 'Enter your account password to unlock the wallet.',
} as const);
