/**
 * A transaction seen from one address (the address and contract pages' IN / OUT / SELF badges,
 * as Etherscan shows them): OUT when the address sent it, IN when it received it (or the
 * transaction created it), SELF when it sent it to itself. null when the address is neither side.
 */
import { TX_TYPE } from '../../common/txTypes';
import { sameAddress } from '../../common/address';
import { NO_VALUE } from '../../common/spec';
import { defineTexts } from './i18n';

export const DIRECTION_TEXTS = defineTexts('lib.direction', {
  /** The Method column of a plain coin transfer (no function called). */
  coinTransfer: 'Transfer',
} as const);

export type Direction = 'IN' | 'OUT' | 'SELF';

export function directionOf(
  perspective: string,
  t: { from: string; to: string | null; contractAddress?: string | null },
): Direction | null {
  const out = sameAddress(t.from, perspective);
  const to = t.to ?? t.contractAddress ?? null;
  const inn = to !== null && sameAddress(to, perspective);
  if (out && inn) return 'SELF';
  if (out) return 'OUT';
  if (inn) return 'IN';
  return null;
}

/** The Method column: the decoded function name (data, shown as it is), or the 4-byte selector the indexer could not name. */
export function methodLabel(t: { functionName: string | null; transactiontype: number; decodedInput?: unknown }): string {
  if (t.functionName) return t.functionName;
  return t.transactiontype === TX_TYPE.coinTransfer ? DIRECTION_TEXTS.coinTransfer : NO_VALUE;
}
