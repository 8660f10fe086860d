/**
 * Proxy detection from the node alone (no traces needed): EIP-1967 implementation and beacon
 * slots, the EIP-1822 (UUPS) PROXIABLE slot, the EIP-1167 minimal proxy bytecode and the common
 * `implementation()` getter, in one JSON-RPC batch (a beacon costs one call more).
 *
 * The getter is trusted only when the code can DELEGATECALL at all (an opcode walk, skipping
 * PUSH data): an UpgradeableBeacon answers implementation() too, and it is no proxy.
 */
import type { ProxyKind } from '../../common/api/proxy';
import type { RpcClient } from './rpc';
import { ethCall, rpcCalls, settledGroupsOf, type BlockTag } from './rpcActions';

/** bytes32(uint256(keccak256('eip1967.proxy.implementation')) - 1) */
export const EIP1967_IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
/** bytes32(uint256(keccak256('eip1967.proxy.beacon')) - 1) */
export const EIP1967_BEACON_SLOT = '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50';
/** keccak256('PROXIABLE') (EIP-1822) */
export const EIP1822_SLOT = '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7';
/** implementation() */
export const IMPLEMENTATION_SELECTOR = '0x5c60da1b';
/** Upgraded(address indexed implementation) */
export const UPGRADED_TOPIC = '0xbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b';
/** BeaconUpgraded(address indexed beacon) */
export const BEACON_UPGRADED_TOPIC = '0x1cf3b03a6cf19fa2baba4df148e9dcabedea7f8a5c07840e207e5c089be95d3e';

const EIP1167 = /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/;

export interface ProxyResolution {
  kind: ProxyKind;
  /** lowercase 0x */
  implementation: string;
  beacon: string | null;
}

/** The address in the low 20 bytes of a 32-byte word, or null for zero / not a word. */
export function wordAddress(word: unknown): string | null {
  if (typeof word !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(word)) return null;
  if (!/^0{24}$/.test(word.slice(2, 26))) return null;
  const a = `0x${word.slice(26).toLowerCase()}`;
  return /^0x0{40}$/.test(a) ? null : a;
}

/** The EIP-1167 target of a runtime code, or null. */
export function minimalProxyTarget(code: string): string | null {
  const m = EIP1167.exec(code.toLowerCase());
  return m ? `0x${m[1]}` : null;
}

/** Whether the code contains a DELEGATECALL (0xf4) opcode, PUSH data skipped. */
export function canDelegate(code: string): boolean {
  const hex = code.replace(/^0x/, '');
  for (let i = 0; i + 2 <= hex.length; i += 2) {
    const op = parseInt(hex.slice(i, i + 2), 16);
    if (op === 0xf4) return true;
    if (op >= 0x60 && op <= 0x7f) i += (op - 0x5f) * 2;
  }
  return false;
}

const outcome = <T>(o: { ok: true; result: T } | { ok: false } | undefined): T | null => (o && o.ok ? o.result : null);

/**
 * What the contract at `address` (lowercase 0x) delegates to at `block`, or null when it is no
 * proxy we can recognise. A failing node call throws (the caller decides what that means);
 * a reverting implementation() is just "no getter".
 */
export async function resolveProxy(rpc: RpcClient, address: string, block: BlockTag): Promise<ProxyResolution | null> {
  const [[code], slots, [getter]] = await settledGroupsOf(rpc, [
    [rpcCalls.getCode(address, block)],
    [EIP1967_IMPLEMENTATION_SLOT, EIP1967_BEACON_SLOT, EIP1822_SLOT].map((s) => rpcCalls.getStorageAt(address, s, block)),
    [rpcCalls.call({ to: address, data: IMPLEMENTATION_SELECTOR }, block)],
  ] as const);
  if (!code?.ok) throw code?.error ?? new Error('eth_getCode: no answer');
  for (const s of slots) if (!s.ok) throw s.error;
  const runtime = code.result;
  if (!runtime || runtime === '0x') return null;
  const clone = minimalProxyTarget(runtime);
  if (clone) return { kind: 'eip1167', implementation: clone, beacon: null };
  const [impl, beacon, uups] = slots.map((s) => wordAddress(outcome(s)));
  if (impl) return { kind: 'eip1967', implementation: impl, beacon: null };
  if (beacon) {
    const fromBeacon = wordAddress(await ethCall(rpc, { to: beacon, data: IMPLEMENTATION_SELECTOR }, block).catch(() => null));
    if (fromBeacon) return { kind: 'eip1967-beacon', implementation: fromBeacon, beacon };
  }
  if (uups) return { kind: 'eip1822', implementation: uups, beacon: null };
  const viaGetter = wordAddress(outcome(getter));
  if (viaGetter && viaGetter !== address && canDelegate(runtime)) return { kind: 'getter', implementation: viaGetter, beacon: null };
  return null;
}
