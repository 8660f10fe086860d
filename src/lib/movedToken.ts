/**
 * What a token-transfer row of a transaction list moved (
 * docs/decisions.md#token-rows): "330 RUSD", or "Token ID 30 GEM" for an NFT; null when the API
 * sent no moved token (a coin row, a failed transfer), so the row keeps its coin value.
 */
import type { TransactionListItem } from '../../common/api/transactions';
import { formatTokenAmount } from './amount';
import { defineTexts } from './i18n';

export const MOVED_TOKEN_TEXTS = defineTexts('lib.movedToken', { tokenId: 'Token ID' } as const);

type Moved = Pick<TransactionListItem, 'valueWei' | 'tokenValueWei' | 'tokenSymbol' | 'tokenDecimals' | 'tokenId'>;

export function movedTokenText(t: Moved): string | null {
  // A row that also moved coin keeps its coin value: the token amount is only shown in place of a 0.
  if (t.tokenValueWei === undefined || t.valueWei !== '0') return null;
  if (t.tokenId !== null && t.tokenId !== undefined) return [MOVED_TOKEN_TEXTS.tokenId, t.tokenId, t.tokenSymbol].filter(Boolean).join(' ');
  return formatTokenAmount(t.tokenValueWei, t.tokenDecimals, { symbol: t.tokenSymbol });
}

/** 'Name (SYM)', the name alone, the symbol alone, or null when the token has neither. */
export function tokenLabel(name: string | null | undefined, symbol: string | null | undefined): string | null {
  const n = name?.trim() || null;
  const s = symbol?.trim() || null;
  if (n && s) return `${n} (${s})`;
  return n ?? s;
}
