/** One watchlist alert in words, for the toast and the notification list (issue #19). */
import type { WatchNotification } from '../../../common/api/watchlist';
import { formatWei } from '../../lib/amount';
import { shortenAddress } from '../../lib/shorten';

/** The label, else the shortened address. */
export function watchedName(n: Pick<WatchNotification, 'address' | 'label'>): string {
  return n.label || shortenAddress(n.address, 12);
}

function amount(n: WatchNotification): string {
  if (n.tokenAddress === null) return `${formatWei(n.valueWei)} RUBY`;
  const symbol = n.tokenSymbol ?? 'tokens';
  // An NFT (no decimals) moves one token id: the value is the id.
  if (n.tokenDecimals === null) return `${symbol} #${n.valueWei}`;
  return `${formatWei(n.valueWei, { unitDecimals: n.tokenDecimals })} ${symbol}`;
}

export function alertText(n: WatchNotification): string {
  const who = watchedName(n);
  const other = n.counterparty ? shortenAddress(n.counterparty, 12) : 'a new contract';
  return n.kind === 'incoming' || n.kind === 'token_in'
    ? `${who} received ${amount(n)} from ${other}`
    : `${who} sent ${amount(n)} to ${other}`;
}
