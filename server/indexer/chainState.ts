/**
 * What the indexer asks the node beyond blocks: the kind of each new contract (RBC20 or DApp),
 * token metadata, and current balances of touched addresses and token holders.
 */
import { AbiCoder, decodeBytes32String } from 'ethers';
import type { RpcClient } from '../chain/rpc';
import { batchOf, rpcCalls, settledOf } from '../chain/rpcActions';
import { parseHolderKey, type HolderKey } from './holderKey';

const ERC20_SELECTORS = ['a9059cbb', '23b872dd', '095ea7b3', 'dd62ed3e', '70a08231', '18160ddd'];
const ERC721_SELECTORS = ['6352211e', '42842e0e', '70a08231'];
const CALL = { name: '0x06fdde03', symbol: '0x95d89b41', decimals: '0x313ce567', totalSupply: '0x18160ddd', balanceOf: '0x70a08231' };
const coder = AbiCoder.defaultAbiCoder();

export interface ContractInfo {
  contractType: 'rbc20' | 'dapp';
  isNft: boolean;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  totalSupply: bigint | null;
}

function decodeString(hex: string | null): string | null {
  if (!hex || hex === '0x') return null;
  try {
    return (coder.decode(['string'], hex)[0] as string).replace(/\0/g, '').slice(0, 200) || null;
  } catch {
    try {
      return decodeBytes32String(hex.slice(0, 66)) || null; // old tokens answer bytes32
    } catch {
      return null;
    }
  }
}

function decodeUint(hex: string | null): bigint | null {
  if (!hex || hex === '0x' || hex.length < 66) return null;
  try {
    return BigInt(hex.slice(0, 66));
  } catch {
    return null;
  }
}

/** Runtime code + metadata calls for each address, at one block. */
export async function detectContracts(rpc: RpcClient, addresses: string[], block: number): Promise<Map<string, ContractInfo>> {
  const out = new Map<string, ContractInfo>();
  if (addresses.length === 0) return out;
  const codes = await settledOf(
    rpc,
    addresses.map((a) => rpcCalls.getCode(a, block)),
  );
  const calls = addresses.flatMap((a) =>
    Object.values(CALL)
      .slice(0, 4)
      .map((data) => rpcCalls.call({ to: a, data }, block)),
  );
  const answers = await settledOf(rpc, calls);
  addresses.forEach((a, i) => {
    const c = codes[i];
    const code = c && c.ok ? c.result.toLowerCase() : '0x';
    const has = (sels: string[]) => sels.every((s) => code.includes(s));
    const at = (k: number) => {
      const o = answers[i * 4 + k];
      return o && o.ok ? o.result : null;
    };
    const totalSupply = decodeUint(at(3));
    const isToken = has(ERC20_SELECTORS) && totalSupply !== null;
    const decimals = decodeUint(at(2));
    out.set(a, {
      contractType: isToken ? 'rbc20' : 'dapp',
      isNft: !isToken && has(ERC721_SELECTORS),
      name: decodeString(at(0)),
      symbol: decodeString(at(1)),
      decimals: isToken ? (decimals !== null && decimals < 256n ? Number(decimals) : 18) : null,
      totalSupply: isToken ? totalSupply : null,
    });
  });
  return out;
}

/** Coin balances at one block; addresses whose call fails are left out. */
export async function fetchBalances(rpc: RpcClient, addresses: string[], block: number): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  for (let i = 0; i < addresses.length; i += 500) {
    const chunk = addresses.slice(i, i + 500);
    const res = await batchOf(
      rpc,
      chunk.map((a) => rpcCalls.getBalance(a, block)),
    );
    chunk.forEach((a, j) => out.set(a, res[j] ?? 0n));
  }
  return out;
}

/** balanceOf(holder) for each (token, holder) key, at one block. */
export async function fetchTokenBalances(rpc: RpcClient, keys: HolderKey[], block: number): Promise<Map<HolderKey, bigint>> {
  const out = new Map<HolderKey, bigint>();
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    const res = await settledOf(
      rpc,
      chunk.map((k) => {
        const { token, holder } = parseHolderKey(k);
        return rpcCalls.call({ to: token, data: CALL.balanceOf + holder.slice(2).padStart(64, '0') }, block);
      }),
    );
    chunk.forEach((k, j) => {
      const o = res[j];
      const v = o && o.ok ? decodeUint(o.result) : null;
      if (v !== null) out.set(k, v);
    });
  }
  return out;
}

/** Current total supply of tokens (it moves with mints and burns). */
export async function fetchTotalSupplies(rpc: RpcClient, tokens: string[], block: number): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  if (tokens.length === 0) return out;
  const res = await settledOf(
    rpc,
    tokens.map((t) => rpcCalls.call({ to: t, data: CALL.totalSupply }, block)),
  );
  tokens.forEach((t, i) => {
    const o = res[i];
    const v = o && o.ok ? decodeUint(o.result) : null;
    if (v !== null) out.set(t, v);
  });
  return out;
}
