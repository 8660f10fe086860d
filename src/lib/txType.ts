/**
 * Transaction type labels (docs/decisions.md#spec-entities): 0 Coin transfer, 1 Contract Create, 2 Token transfer,
 * 3 Contract Call. The home lists read any code above 2 as 'Contract Call'; elsewhere an unknown
 * code reads 'Unknown'.
 */
import { TX_TYPE_LABELS, TX_TYPE_TEXTS } from '../../common/spec';
import { TX_TYPE } from '../../common/txTypes';

export type TxTypeContext = 'home' | 'detail';

function isKnown(code: number): code is keyof typeof TX_TYPE_LABELS {
  return code in TX_TYPE_LABELS;
}

/** The label in the active language (TX_TYPE_TEXTS); TX_TYPE_LABELS stays the API's English. */
export function txTypeLabel(code: number | string | null | undefined, context: TxTypeContext = 'detail'): string {
  const n = typeof code === 'string' && code.trim() !== '' ? Number(code) : code;
  if (typeof n !== 'number' || !Number.isInteger(n)) return TX_TYPE_TEXTS.unknown;
  if (context === 'home' && n > TX_TYPE.tokenTransfer) return TX_TYPE_TEXTS[TX_TYPE.contractCall];
  return isKnown(n) ? TX_TYPE_TEXTS[n] : TX_TYPE_TEXTS.unknown;
}
