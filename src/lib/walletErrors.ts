/**
 * Small pure helpers the wallet machines use synchronously (kept apart from walletFlows.ts so
 * the screens do not load ethers before a flow needs it).
 */
import { ApiCallError } from './apiCallError';

/** `0x` + 64 lowercase hex digits of a private key typed with or without 0x, or null. */
export function normalizeKey(input: string): string | null {
  const k = input.trim().replace(/^0x/i, '');
  return /^[0-9a-fA-F]{64}$/.test(k) ? `0x${k.toLowerCase()}` : null;
}

/** The kind and words of a failure: no answer (network), a refusal by the server, or anything else. */
export function errorText(err: unknown): { kind: 'network' | 'refused' | 'exception'; message: string } {
  if (err instanceof ApiCallError) return { kind: err.status === 'network' ? 'network' : 'refused', message: err.message };
  return { kind: 'exception', message: err instanceof Error ? err.message : String(err) };
}
