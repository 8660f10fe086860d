/**
 * The one place that turns what a send's libraries and node answer into plain words: ethers'
 * errors ('incorrect password (argument="password", …)', 'too many decimals for format (… code=NUMERIC_FAULT …)') and
 * the node's reverts as the relay passes them on ('The transaction would fail: execution reverted: custom error
 * 0xe450d38c: 0000…'). OpenZeppelin 5's ERC20 errors are decoded with the token's decimals and symbol; an unknown
 * custom error is named by its 4-byte selector alone, never by its data. Any other message is shown as it came, less
 * ethers' technical suffix. Synchronous and free of ethers, so the machines can use it.
 */
import { ApiCallError } from './apiCallError';
import { knownNodeReason } from './nodeReasons';
import { localizeServerMessage } from './serverMessages';
import { exactAmount } from './sendAmount';
import { SEND_TEXTS, WALLET_FORM_TEXTS } from './walletTexts';

export interface SendErrorContext {
  /** Symbol and decimals of what is sent (the coin's, or the token's). */
  symbol: string;
  decimals: number;
  coinSymbol: string;
}

/** OpenZeppelin 5 (IERC6093) ERC20 errors by selector (keccak256 of the signature's first 4 bytes; tested). */
export const ERC20_ERRORS = {
  '0xe450d38c': 'ERC20InsufficientBalance(address,uint256,uint256)',
  '0xec442f05': 'ERC20InvalidReceiver(address)',
  '0x96c6fd1e': 'ERC20InvalidSender(address)',
  '0xfb8f41b2': 'ERC20InsufficientAllowance(address,uint256,uint256)',
} as const;

const CUSTOM = /^custom error (0x[0-9a-f]{8})(?::\s*(?:0x)?([0-9a-f]*))?/i;
/** The relay's sentence around the node's words (server/wallet/transactions.ts). */
const RELAYED = /^(?:The transaction would fail|The node refused the transaction): (?:eth_\w+: )?([\s\S]*)$/;
/** ethers v6 appends ' (argument="…", value=…, code=…, version=…)' to its messages. */
const ETHERS_SUFFIX = /\s*\((?:[a-zA-Z]+=[\s\S]*)\)\s*$/;

function word(data: string, i: number): bigint | null {
  const w = data.slice(i * 64, (i + 1) * 64);
  return w.length === 64 ? BigInt(`0x${w}`) : null;
}

/** A revert's own words ('custom error 0x…: data', a reason string, or nothing) in plain words. */
function revertText(reason: string, ctx: SendErrorContext): string {
  const custom = CUSTOM.exec(reason);
  if (!custom) return reason === '' ? SEND_TEXTS.contractRefusedNoReason : SEND_TEXTS.contractRefused({ reason });
  const selector = (custom[1] ?? '').toLowerCase();
  const data = custom[2] ?? '';
  switch (selector) {
    case '0xe450d38c': {
      const balance = word(data, 1);
      const needed = word(data, 2);
      if (balance !== null && needed !== null) {
        return SEND_TEXTS.notEnough({
          symbol: ctx.symbol,
          balance: exactAmount(balance, ctx.decimals),
          needed: exactAmount(needed, ctx.decimals),
        });
      }
      return SEND_TEXTS.notEnoughPlain({ symbol: ctx.symbol });
    }
    case '0xec442f05':
      return SEND_TEXTS.receiverRefused;
    case '0x96c6fd1e':
      return SEND_TEXTS.senderRefused;
    case '0xfb8f41b2':
      return SEND_TEXTS.allowanceTooLow;
    default:
      return SEND_TEXTS.contractError({ selector });
  }
}

/** A node's reason in plain words: a revert decoded, no funds said plainly, any other known reason translated. */
function nodeText(reason: string, ctx: SendErrorContext): string {
  const known = knownNodeReason(reason);
  if (known?.key === 'reverted') return revertText(known.data, ctx);
  if (known?.key === 'insufficientFunds' || known?.key === 'insufficientForTransfer')
    return SEND_TEXTS.notEnoughCoin({ symbol: ctx.coinSymbol });
  return localizeServerMessage(reason);
}

function field(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null && key in error ? (error as Record<string, unknown>)[key] : undefined;
}

/**
 * Why a send failed, in plain words (no 'Transaction failed' before it: sendMachine adds the spec's text), or '' when
 * nothing is known.
 */
export function plainSendError(error: unknown, ctx: SendErrorContext): string {
  // ethers' errors carry a code; their shortMessage has no technical suffix.
  const code = field(error, 'code');
  if (code === 'INVALID_ARGUMENT' && field(error, 'argument') === 'password') return SEND_TEXTS.wrongPassword;
  if (code === 'NUMERIC_FAULT') {
    return /decimals/i.test(String(field(error, 'shortMessage') ?? ''))
      ? SEND_TEXTS.amountTooManyDecimals({ symbol: ctx.symbol, decimals: String(ctx.decimals) })
      : WALLET_FORM_TEXTS.amountNumeric;
  }
  // The server's own English words (the body), else the message as the client put it.
  const body = error instanceof ApiCallError ? field(error.body, 'message') : undefined;
  const raw = (typeof body === 'string' ? body : error instanceof Error ? error.message : typeof error === 'string' ? error : '').trim();
  if (raw === '') return '';
  const relayed = RELAYED.exec(raw);
  if (relayed) return nodeText(relayed[1] ?? '', ctx);
  if (/^incorrect password\b/i.test(raw)) return SEND_TEXTS.wrongPassword;
  if (/^too many decimals for format\b/i.test(raw))
    return SEND_TEXTS.amountTooManyDecimals({ symbol: ctx.symbol, decimals: String(ctx.decimals) });
  const short = field(error, 'shortMessage');
  const text = typeof short === 'string' && short !== '' ? short : raw.replace(ETHERS_SUFFIX, '');
  return typeof body === 'string' ? localizeServerMessage(text) : error instanceof ApiCallError ? error.message : text;
}
