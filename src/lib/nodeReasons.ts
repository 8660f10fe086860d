/**
 * A node's reason for refusing a transaction, in the active language: the server
 * passes the node's own words on after the JSON-RPC method ('The node refused the transaction:
 * eth_sendRawTransaction: nonce too low'); serverMessages.ts translates the sentence around them
 * and this module the reason. The wordings are those of the nodes a Ruby explorer talks to: anvil
 * (the devnet; each one below provoked on anvil 1.7.1 where anvil has it) and geth (core/error.go,
 * core/txpool/errors.go), which appends details ('nonce too low: address 0x…, tx: 0 state: 5').
 * The details and a revert's own reason are data: kept as they came, never translated.
 * A reason not in the table is shown as it came.
 */
import { currentLocale, defineTexts } from './i18n';

export const NODE_REASON_TEXTS = defineTexts('lib.nodeReasons', {
  insufficientFunds: 'Insufficient funds for gas * price + value',
  insufficientForTransfer: 'insufficient funds for transfer',
  nonceTooLow: 'nonce too low',
  nonceTooHigh: 'nonce too high',
  nonceMax: 'nonce has max value',
  intrinsicGasLow: 'intrinsic gas too low',
  blockGasLimit: 'exceeds block gas limit',
  gasLimitReached: 'gas limit reached',
  gasExceedsAllowance: 'gas required exceeds allowance',
  replacementUnderpriced: 'replacement transaction underpriced',
  underpriced: 'transaction underpriced',
  feeBelowBaseFee: 'max fee per gas less than block base fee',
  tipAboveFee: 'max priority fee per gas higher than max fee per gas',
  reverted: 'execution reverted',
  revertedWith: ({ reason }: { reason: string }) => `execution reverted: ${reason}`,
  alreadyKnown: 'already known',
  invalidSender: 'invalid sender',
  invalidSignature: 'invalid transaction v, r, s values',
  wrongChain: 'invalid chain id for signer',
  undecodable: 'Failed to decode transaction',
  typeNotSupported: 'transaction type not supported',
  poolFull: 'txpool is full',
  withDetails: ({ reason, details }: { reason: string; details: string }) => `${reason} (${details})`,
} as const);

type Simple = Exclude<keyof typeof NODE_REASON_TEXTS, 'revertedWith' | 'withDetails'>;

/**
 * Each reason's start as the nodes write it; what follows is its details (geth: ': address 0x…,
 * have 0 want 21000'; anvil: ' -- tx.gas_limit > env.block.gas_limit'). Longest first where one
 * starts another ('replacement transaction underpriced' before 'transaction underpriced').
 */
const REASONS: readonly (readonly [RegExp, Simple])[] = [
  [/^insufficient funds for gas \* price \+ value/i, 'insufficientFunds'],
  [/^insufficient funds for transfer/i, 'insufficientForTransfer'],
  [/^nonce too low/i, 'nonceTooLow'],
  [/^nonce too high/i, 'nonceTooHigh'],
  [/^nonce has max value/i, 'nonceMax'],
  [/^intrinsic gas too low/i, 'intrinsicGasLow'],
  // anvil: 'intrinsic gas too high -- tx.gas_limit > env.block.gas_limit' (the block's limit, as geth's below)
  [/^(?:exceeds block gas limit|intrinsic gas too high)/i, 'blockGasLimit'],
  [/^gas limit reached/i, 'gasLimitReached'],
  [/^(?:out of gas: )?gas required exceeds allowance/i, 'gasExceedsAllowance'],
  [/^replacement transaction underpriced/i, 'replacementUnderpriced'],
  [/^transaction underpriced/i, 'underpriced'],
  [/^max fee per gas less than block base fee/i, 'feeBelowBaseFee'],
  [/^max priority fee per gas higher than max fee per gas/i, 'tipAboveFee'],
  // geth 'already known', anvil 'transaction already imported'
  [/^(?:already known|transaction already imported)/i, 'alreadyKnown'],
  [/^invalid sender/i, 'invalidSender'],
  [/^invalid transaction v, r, s values/i, 'invalidSignature'],
  [/^invalid chain id for signer/i, 'wrongChain'],
  [/^failed to decode transaction/i, 'undecodable'],
  [/^transaction type not supported/i, 'typeNotSupported'],
  [/^txpool is full/i, 'poolFull'],
];

/** 'execution reverted' with the contract's own reason after it (data), if any. */
const REVERTED = /^execution reverted(?::\s*([\s\S]*))?$/i;

type Known = { key: Simple | 'reverted'; data: string } | null;

/**
 * Which known reason a node's words give ('reverted' for a revert), and its data (a revert's own
 * reason, the node's details); null for words not in the table.
 */
export function knownNodeReason(raw: string): Known {
  const reason = raw.trim();
  const revert = REVERTED.exec(reason);
  if (revert) return { key: 'reverted', data: revert[1]?.trim() ?? '' };
  for (const [pattern, key] of REASONS) {
    const m = pattern.exec(reason);
    // The details after the reason, without the separator the node put before them.
    if (m)
      return {
        key,
        data: reason
          .slice(m[0].length)
          .replace(/^\s*(?:--|:|,)?\s*/, '')
          .trim(),
      };
  }
  return null;
}

/** A node's reason, translated, and the data in it (a revert's reason, the node's details) kept as it came. */
export function translateNodeReason(raw: string): { text: string; data: string[] } {
  // English is the node's own language: its words exactly as they came (geth's details not re-punctuated).
  const known = currentLocale() === 'en' ? null : knownNodeReason(raw);
  if (!known) return { text: raw.trim(), data: [] };
  const { key, data } = known;
  if (data === '') return { text: NODE_REASON_TEXTS[key], data: [] };
  if (key === 'reverted') return { text: NODE_REASON_TEXTS.revertedWith({ reason: data }), data: [data] };
  return { text: NODE_REASON_TEXTS.withDetails({ reason: NODE_REASON_TEXTS[key], details: data }), data: [data] };
}
