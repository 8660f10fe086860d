/**
 * For "Write as proxy" (and Read as proxy): the implementation's verified ABI of a proxy, or null
 * when the contract is no proxy or its implementation is unverified. Calls made with this ABI go
 * to the proxy's own address. Kept apart so the write form can import it without touching the
 * proxy section's files.
 */
import type { ProxyInfo } from '../../../common/api/proxy';

export interface ProxyAbi {
  /** The implementation's verified ABI. */
  abi: unknown[];
  /** r… address of the implementation (for labels and links; never the call target). */
  implementation: string;
  implementationName: string | null;
}

export function proxyAbi(contract: { proxy?: ProxyInfo | null } | undefined | null): ProxyAbi | null {
  const p = contract?.proxy;
  if (!p || !p.implementationAbi) return null;
  return { abi: p.implementationAbi, implementation: p.implementation, implementationName: p.implementationName };
}
