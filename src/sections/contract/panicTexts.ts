/**
 * Solidity's panic codes in words: the Write contract forms' revert reasons (revertReason.ts) and
 * the transaction page's call tree. Apart from revertReason.ts, which loads ethers.
 */
import { defineTexts } from '../../lib/i18n';

/** Solidity's panic codes (docs.soliditylang.org, "Panic via assert and error via require"), in words. */
export const PANIC_TEXTS = defineTexts('sections.panic', {
  p00: 'generic compiler panic',
  p01: 'assertion failed',
  p11: 'arithmetic underflow or overflow',
  p12: 'division or modulo by zero',
  p21: 'conversion to an invalid enum value',
  p22: 'incorrectly encoded storage byte array',
  p31: 'pop() on an empty array',
  p32: 'array index out of bounds',
  p41: 'out of memory (too large an allocation)',
  p51: 'call to an uninitialised internal function',
  unknown: 'unknown panic code',
});

/** A panic code's words, read in the active language. */
export function panicText(code: number): string {
  const key = `p${code.toString(16).padStart(2, '0')}`;
  return key in PANIC_TEXTS ? PANIC_TEXTS[key as keyof typeof PANIC_TEXTS] : PANIC_TEXTS.unknown;
}
