/**
 * Approvals an address has given, kept current by the indexer (024_approvals.sql). In the prepare
 * stage each approval a batch may have changed is read from the node at the batch's state block,
 * in one JSON-RPC batch: an ERC-20 Approval log → allowance(owner, spender); an ERC-721 Approval
 * (token id indexed) or Transfer → getApproved(id) and ownerOf(id) (a transfer clears the
 * approval); ApprovalForAll → isApprovedForAll(owner, operator); an ERC-20 Transfer → the
 * allowance of every spender its sender has approved on that token (transferFrom spends one, with
 * no log of its own since OpenZeppelin 5). Those spenders come from ApprovalBook, the in-memory set
 * of ERC-20 approvals in force, loaded with the contracts and moved by each prepared batch (so a
 * batch still committing is seen without a database read). approvalsWrite.ts stores the readings.
 */
import { id } from 'ethers';
import type { Kysely } from 'kysely';
import type { RpcClient } from '../chain/rpc';
import { rpcCalls, settledOf, type TypedCall } from '../chain/rpcActions';
import type { DB } from '../db/schema';
import { TRANSFER_TOPIC } from './decode';
import { ZERO_ADDRESS } from './holderKey';
import type { BatchRows } from './rowTypes';

export const APPROVAL_TOPIC = id('Approval(address,address,uint256)');
export const APPROVAL_FOR_ALL_TOPIC = id('ApprovalForAll(address,address,bool)');

export type ApprovalKind = 'erc20' | 'erc721' | 'operator';

/** One approval as the node has it at the batch's state block, and the transaction that last touched it. */
export interface ApprovalReading {
  key: string;
  token: string;
  kind: ApprovalKind;
  owner: string;
  spender: string;
  tokenId: bigint | null;
  /** The allowance; 1 or 0 for an NFT approval or an operator. */
  amount: bigint;
  blockNumber: number;
  txHash: string;
  timestamp: number;
  /** An Approval / ApprovalForAll log set it in this batch (a change even when the value is the same). */
  fromLog: boolean;
}

const SEL = { allowance: '0xdd62ed3e', getApproved: '0x081812fc', ownerOf: '0x6352211e', isApprovedForAll: '0xe985e9c5' };

export const approvalKey = {
  erc20: (token: string, owner: string, spender: string) => `${token}:erc20:${owner}:${spender}`,
  operator: (token: string, owner: string, operator: string) => `${token}:operator:${owner}:${operator}`,
  erc721: (token: string, tokenId: bigint) => `${token}:erc721:${tokenId}`,
};

const word = (v: string | bigint): string => (typeof v === 'bigint' ? v.toString(16) : v.slice(2)).padStart(64, '0');
const topicAddress = (t: string | null | undefined): string | null => (t && t.length === 66 ? `0x${t.slice(26)}`.toLowerCase() : null);
const uintOf = (hex: string): bigint | null => (/^0x[0-9a-fA-F]{64}/.test(hex) ? BigInt(hex.slice(0, 66)) : null);
const addressOf = (hex: string): string | null => (/^0x[0-9a-fA-F]{64}/.test(hex) ? `0x${hex.slice(26, 66)}`.toLowerCase() : null);

/** The ERC-20 approvals in force: spenders by token and owner (only the indexer's prepare stage reads it). */
export class ApprovalBook {
  private readonly spenders = new Map<string, Set<string>>();

  async load(db: Kysely<DB>): Promise<void> {
    this.spenders.clear();
    const rows = await db.selectFrom('approvals').select(['token', 'owner', 'spender']).where('kind', '=', 'erc20').execute();
    for (const r of rows) this.set(r.token, r.owner, r.spender, true);
  }

  of(token: string, owner: string): Iterable<string> {
    return this.spenders.get(`${token}|${owner}`) ?? [];
  }

  set(token: string, owner: string, spender: string, inForce: boolean): void {
    const k = `${token}|${owner}`;
    let s = this.spenders.get(k);
    if (inForce) {
      if (!s) this.spenders.set(k, (s = new Set()));
      s.add(spender);
    } else if (s) {
      s.delete(spender);
      if (s.size === 0) this.spenders.delete(k);
    }
  }
}

interface Probe {
  key: string;
  token: string;
  kind: ApprovalKind;
  owner: string;
  spender: string;
  tokenId: bigint | null;
  blockNumber: number;
  txHash: string;
  fromLog: boolean;
}

/** The approvals a batch's logs may have changed, the latest touch of each key winning. */
export function approvalProbes(rows: BatchRows, book: ApprovalBook): Probe[] {
  const out = new Map<string, Probe>();
  const put = (p: Probe) => {
    const was = out.get(p.key);
    out.set(p.key, was?.fromLog && !p.fromLog ? { ...p, fromLog: true } : p);
  };
  const pending: { token: string; owner: string; blockNumber: number; txHash: string }[] = [];
  for (const l of rows.logs) {
    const [t0, t1, t2, t3] = l.topics;
    const n = l.topics.filter((t) => t !== null).length; // stored rows pad the topics with nulls
    const token = l.address;
    const a = topicAddress(t1);
    const b = topicAddress(t2);
    const at = { blockNumber: l.blockNumber, txHash: l.txHash };
    if (!a || !b) continue;
    if (t0 === APPROVAL_TOPIC && n === 3) {
      put({ key: approvalKey.erc20(token, a, b), token, kind: 'erc20', owner: a, spender: b, tokenId: null, ...at, fromLog: true });
      book.set(token, a, b, true); // read below; a later ERC-20 transfer in the batch checks it too
    } else if (t0 === APPROVAL_FOR_ALL_TOPIC && n === 3) {
      put({ key: approvalKey.operator(token, a, b), token, kind: 'operator', owner: a, spender: b, tokenId: null, ...at, fromLog: true });
    } else if ((t0 === APPROVAL_TOPIC || t0 === TRANSFER_TOPIC) && n === 4 && t3) {
      const tokenId = BigInt(t3);
      const fromLog = t0 === APPROVAL_TOPIC;
      put({ key: approvalKey.erc721(token, tokenId), token, kind: 'erc721', owner: a, spender: b, tokenId, ...at, fromLog });
    } else if (t0 === TRANSFER_TOPIC && n === 3 && a !== ZERO_ADDRESS) {
      pending.push({ token, owner: a, ...at });
    }
  }
  for (const p of pending) {
    for (const spender of book.of(p.token, p.owner)) {
      const key = approvalKey.erc20(p.token, p.owner, spender);
      if (!out.has(key) || (out.get(key) as Probe).blockNumber <= p.blockNumber)
        put({ key, kind: 'erc20', spender, tokenId: null, ...p, fromLog: false });
    }
  }
  return [...out.values()];
}

function callsOf(p: Probe, block: number): TypedCall<string>[] {
  const call = (data: string) => rpcCalls.call({ to: p.token, data }, block);
  if (p.kind === 'erc20') return [call(SEL.allowance + word(p.owner) + word(p.spender))];
  if (p.kind === 'operator') return [call(SEL.isApprovedForAll + word(p.owner) + word(p.spender))];
  const idWord = word(p.tokenId ?? 0n);
  return [call(SEL.getApproved + idWord), call(SEL.ownerOf + idWord)];
}

/**
 * Reads every probe at `block` in one JSON-RPC batch. A probe the node cannot answer (not a
 * token, a reverted call) is left out: what is stored for it stays. Updates the book.
 */
export async function readApprovals(rpc: RpcClient, rows: BatchRows, book: ApprovalBook, block: number): Promise<ApprovalReading[]> {
  const probes = approvalProbes(rows, book);
  if (probes.length === 0) return [];
  const timestamps = new Map(rows.blocks.map((b) => [b.number, b.timestamp]));
  const calls = probes.map((p) => callsOf(p, block));
  const answers = await settledOf(rpc, calls.flat());
  const out: ApprovalReading[] = [];
  let at = 0;
  probes.forEach((p, i) => {
    const got = answers.slice(at, (at += (calls[i] as TypedCall<string>[]).length)).map((o) => (o.ok ? o.result : null));
    const reading = { ...p, amount: 0n, timestamp: timestamps.get(p.blockNumber) ?? 0 };
    if (p.kind === 'erc721') {
      const approved = got[0] ? addressOf(got[0]) : null;
      if (approved === null) return;
      const owner = got[1] ? addressOf(got[1]) : null; // a burnt token has no owner, and no approval
      const inForce = approved !== ZERO_ADDRESS && owner !== null;
      out.push({ ...reading, owner: owner ?? p.owner, spender: inForce ? approved : p.spender, amount: inForce ? 1n : 0n });
      return;
    }
    const v = got[0] ? uintOf(got[0]) : null;
    if (v === null) return;
    out.push({ ...reading, amount: p.kind === 'operator' ? (v === 0n ? 0n : 1n) : v });
    if (p.kind === 'erc20') book.set(p.token, p.owner, p.spender, v > 0n);
  });
  return out;
}
