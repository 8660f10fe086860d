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

/**
 * The Send dialog's refusals before anything is signed, and the plain words for what ethers and
 * the node answer (sendErrors.ts maps them, in one place). Amounts in them are exact and grouped ('1,234.5').
 */
export const SEND_TEXTS = defineTexts('lib.send', {
  // The two languages the wallet speaks (en, hi-IN) both write decimals with a dot and group with commas, so '0,5' or
  // '1,000' is refused with a hint rather than guessed at: read as 0.5 it would turn '1,000' into 1.
  amountComma: ({ suggestion }: { suggestion: string }) => `Use a dot for decimals, without commas: write ${suggestion}.`,
  amountExponent: 'Write the amount in plain digits, like 12.5 (not 1e18).',
  amountNegative: 'Amount must be greater than 0.',
  amountTooManyDecimals: ({ symbol, decimals }: { symbol: string; decimals: string }) =>
    `Too many decimals: ${symbol} has at most ${decimals} digits after the dot.`,
  amountWhole: ({ symbol }: { symbol: string }) => `${symbol} cannot be split: enter a whole number.`,
  amountTooLarge: 'Amount is too large.',
  theToken: 'this token',
  notEnough: ({ symbol, balance, needed }: { symbol: string; balance: string; needed: string }) =>
    `Not enough ${symbol}: balance ${balance}, needed ${needed}.`,
  notEnoughWithFee: ({ symbol, balance, needed, fee }: { symbol: string; balance: string; needed: string; fee: string }) =>
    `Not enough ${symbol}: balance ${balance}, needed ${needed} (the amount plus a network fee of at most ${fee}).`,
  notEnoughForFee: ({ symbol, balance, fee }: { symbol: string; balance: string; fee: string }) =>
    `Not enough ${symbol} for the network fee: balance ${balance}, the fee may be up to ${fee}.`,
  notEnoughPlain: ({ symbol }: { symbol: string }) => `Not enough ${symbol}.`,
  notEnoughCoin: ({ symbol }: { symbol: string }) => `Not enough ${symbol} to pay the amount and the network fee.`,
  wrongPassword: 'Incorrect account password: it does not open this wallet.',
  receiverRefused: 'The token contract refuses this recipient address.',
  senderRefused: 'The token contract refuses transfers from this wallet.',
  allowanceTooLow: 'The token contract refused the transfer: the allowance is too low.',
  contractRefused: ({ reason }: { reason: string }) => `The contract refused the transfer: ${reason}`,
  contractRefusedNoReason: 'The contract refused the transfer (it gave no reason).',
  contractError: ({ selector }: { selector: string }) => `The contract refused the transfer (its error ${selector}).`,
} as const);
