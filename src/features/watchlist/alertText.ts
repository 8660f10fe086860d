/**
 * One watchlist alert in words, for the toast and the notification list. A coin alert
 * of a transaction that moved no coin says what it did instead: the tokens its sender swapped,
 * received or sent (the server's `moves`), else the function it called; never "received 0 RUBY".
 * A token alert of an NFT names each id its log moved with the amount (an ERC-1155 transfer moves
 * an amount of one or more ids; the alert's single value is only the first id).
 */
import type { WatchNotification, WatchTokenMove } from '../../../common/api/watchlist';
import { formatWei } from '../../lib/amount';
import { defineTexts } from '../../lib/i18n';
import { shortenAddress } from '../../lib/shorten';

export const ALERT_TEXTS = defineTexts('watchlist.alerts', {
  received: ({ who, amount, other }: { who: string; amount: string; other: string }) => `${who} received ${amount} from ${other}`,
  sent: ({ who, amount, other }: { who: string; amount: string; other: string }) => `${who} sent ${amount} to ${other}`,
  newContract: 'a new contract',
  tokens: 'tokens',
  swapped: ({ who, paid, got }: { who: string; paid: string; got: string }) => `${who} swapped ${paid} for ${got}`,
  swappedVia: ({ who, paid, got, via }: { who: string; paid: string; got: string; via: string }) =>
    `${who} swapped ${paid} for ${got} through ${via}`,
  receivedTokens: ({ who, got }: { who: string; got: string }) => `${who} received ${got}`,
  receivedVia: ({ who, got, via }: { who: string; got: string; via: string }) => `${who} received ${got} through ${via}`,
  sentTokens: ({ who, paid }: { who: string; paid: string }) => `${who} sent ${paid}`,
  sentVia: ({ who, paid, via }: { who: string; paid: string; via: string }) => `${who} sent ${paid} through ${via}`,
  called: ({ who, method, other }: { who: string; method: string; other: string }) => `${who} called ${method} on ${other}`,
  deployed: ({ who, other }: { who: string; other: string }) => `${who} deployed the contract ${other}`,
  /** An approval the watched address gave; "UNLIMITED" in capitals, so it is not missed. */
  approvedUnlimited: ({ who, token, other }: { who: string; token: string; other: string }) =>
    `⚠ ${who} gave ${other} an UNLIMITED approval to spend its ${token}`,
  approved: ({ who, amount, other }: { who: string; amount: string; other: string }) => `${who} approved ${other} to spend ${amount}`,
  approvedNft: ({ who, token, other }: { who: string; token: string; other: string }) => `${who} approved ${other} for ${token}`,
} as const);

const MAX_UINT256 = ((1n << 256n) - 1n).toString();

function approvalText(n: WatchNotification, who: string, other: string): string {
  const token = n.tokenSymbol ?? ALERT_TEXTS.tokens;
  if (n.tokenDecimals === null)
    return ALERT_TEXTS.approvedNft({ who, token: n.valueWei === '0' ? token : `${token} #${n.valueWei}`, other });
  if (n.valueWei === MAX_UINT256) return ALERT_TEXTS.approvedUnlimited({ who, token, other });
  return ALERT_TEXTS.approved({ who, amount: tokenAmount(n.tokenSymbol, n.tokenDecimals, n.valueWei, null), other });
}

/** The label, else the shortened address. */
export function watchedName(n: Pick<WatchNotification, 'address' | 'label'>): string {
  return n.label || shortenAddress(n.address, 12);
}

function tokenAmount(symbol: string | null, decimals: number | null, valueWei: string, tokenId: string | null): string {
  const name = symbol ?? ALERT_TEXTS.tokens;
  // An NFT moves token ids: an ERC-721 transfer one, an ERC-1155 transfer an amount of one.
  if (tokenId !== null) return valueWei === '1' ? `${name} #${tokenId}` : `${valueWei} × ${name} #${tokenId}`;
  if (decimals === null) return `${name} #${valueWei}`;
  return `${formatWei(valueWei, { unitDecimals: decimals })} ${name}`;
}

function amount(n: WatchNotification): string {
  if (n.tokenAddress === null) return `${formatWei(n.valueWei)} RUBY`;
  // An NFT log's ids with their amounts (ERC-1155: "5 × MTK #3", a TransferBatch each of its ids).
  if (n.moves.length > 0) return list(n.moves);
  // A token alert of an NFT (no decimals) moves one token id: the value is the id.
  return tokenAmount(n.tokenSymbol, n.tokenDecimals, n.valueWei, null);
}

function list(moves: readonly WatchTokenMove[]): string {
  return moves.map((m) => tokenAmount(m.tokenSymbol, m.tokenDecimals, m.valueWei, m.tokenId)).join(', ');
}

/** A coin alert of a transaction that moved no coin: what its sender did. */
function withoutCoin(n: WatchNotification, who: string, other: string): string {
  const moves = n.moves;
  const paid = list(moves.filter((m) => m.direction === 'out'));
  const got = list(moves.filter((m) => m.direction === 'in'));
  // Outgoing: the watched address sent the transaction. Incoming: the counterparty did, to the watched contract.
  const sender = n.kind === 'outgoing' ? who : other;
  const via = n.kind === 'outgoing' ? null : who;
  const T = ALERT_TEXTS;
  if (paid && got) return via ? T.swappedVia({ who: sender, paid, got, via }) : T.swapped({ who: sender, paid, got });
  if (got) return via ? T.receivedVia({ who: sender, got, via }) : T.receivedTokens({ who: sender, got });
  if (paid) return via ? T.sentVia({ who: sender, paid, via }) : T.sentTokens({ who: sender, paid });
  const target = n.kind === 'outgoing' ? other : who;
  if (n.method === 'Contract Creation') return T.deployed({ who: sender, other: target });
  return T.called({ who: sender, method: n.method ?? '', other: target });
}

export function alertText(n: WatchNotification): string {
  const who = watchedName(n);
  const other = n.counterparty ? shortenAddress(n.counterparty, 12) : ALERT_TEXTS.newContract;
  if (n.kind === 'approval') return approvalText(n, who, other);
  const coin = n.kind === 'incoming' || n.kind === 'outgoing';
  // A zero-value transaction to a contract (or one that moved tokens); a plain 0 RUBY transfer stays as it is.
  if (coin && n.valueWei === '0' && (n.moves.length > 0 || n.method !== null)) return withoutCoin(n, who, other);
  const args = { who, amount: amount(n), other };
  return n.kind === 'incoming' || n.kind === 'token_in' ? ALERT_TEXTS.received(args) : ALERT_TEXTS.sent(args);
}
