/**
 * A transaction's call tree (/getTransactionCallTree/{hash}): the node's
 * debug_traceTransaction with the callTracer (logs off) where the node traces, else the tree the
 * index rebuilds from its internal calls (transactionParts.buildCallTrace), saying which. Each
 * frame gets its callee's name (public name tag, else the contract's display name), its call and
 * output decoded as the transaction input is (inputData.ts: the callee's verified ABI, behind a
 * proxy its implementation's, else the standard signatures; a DELEGATECALL frame's `to` is the
 * code that ran, so its own ABI decodes it), its revert decoded, and, for verified code that
 * reverted, the source line (revertSource.ts). Asked only when the Call tree tab opens.
 */
import { sql } from 'kysely';
import type { Interface } from 'ethers';
import { parseAddress } from '../../common/address';
import type { CallFrame, CallTree, RevertSource } from '../../common/api/callTree';
import type { CallTrace } from '../../common/api/transactions';
import { rpcCalls, send } from '../chain/rpcActions';
import { findRevertPcs } from '../chain/revertSteps';
import type { CallFrame as NodeFrame } from '../chain/types';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { nameTagSourceOf } from '../core/nameTags';
import { decodeOutput, decodeRevert } from './callTreeDecode';
import { DISPLAY_NAME_SQL } from '../queries/displayName';
import { callInterfaces, decodeCall, type DecodedCall, type InterfaceMemo } from './inputData';
import { revertSourceOf } from './revertSource';
import { buildCallTrace } from '../queries/transactionParts';

/** Frames answered at most (a deeper or wider tree is cut, and says so). */
export const CALL_TREE_FRAME_LIMIT = 5000;
/** Input and output bytes shown per frame (the decoded form carries the meaning). */
const SHOWN_BYTES = 2048;
const CODE_FRAMES = new Set(['CALL', 'STATICCALL', 'DELEGATECALL', 'CALLCODE']);

const decimal = (hex: string | undefined): string | null => (hex && /^0x[0-9a-fA-F]+$/.test(hex) ? BigInt(hex).toString() : null);
const clip = (hex: string): string => (hex.length > 2 + SHOWN_BYTES * 2 ? hex.slice(0, 2 + SHOWN_BYTES * 2) : hex);
const bytesOf = (hex: string | undefined): number => (hex && hex.length > 2 ? Math.floor((hex.length - 2) / 2) : 0);

/** The indexed tree in the node's shape (0x addresses): buildCallTrace answers r… addresses. */
function nodeShape(t: CallTrace): NodeFrame {
  return {
    ...t,
    from: parseAddress(t.from) ?? t.from,
    ...(t.to ? { to: parseAddress(t.to) ?? t.to } : {}),
    calls: t.calls.map(nodeShape),
  };
}

async function fromNode(ctx: ApiContext, hash: string): Promise<NodeFrame | string> {
  try {
    return (await send(ctx.visitorRpc, rpcCalls.callTree(hash))) ?? 'no trace';
  } catch (err) {
    // No tracing (a JSON-RPC error), no state of that block (a pruned or restarted node), too slow,
    // the lane busy or the node down: the index answers.
    return err instanceof Error ? err.message.slice(0, 160) : 'error';
  }
}

type TxRow = { block_number: number; tx_index: number } & Parameters<typeof buildCallTrace>[0];

async function fromIndex(ctx: ApiContext, tx: TxRow): Promise<{ root: NodeFrame; complete: boolean }> {
  const block = await ctx.db.selectFrom('blocks').select('traced').where('number', '=', tx.block_number).executeTakeFirst();
  const traced = block?.traced !== false;
  const internal = traced
    ? await ctx.db
        .selectFrom('internal_transactions')
        .selectAll()
        .where('block_number', '=', tx.block_number)
        .where('tx_index', '=', tx.tx_index)
        .orderBy('trace_index')
        .limit(CALL_TREE_FRAME_LIMIT)
        .execute()
    : [];
  return { root: nodeShape(buildCallTrace(tx, internal)), complete: traced };
}

interface Flat {
  node: NodeFrame;
  path: number[];
}

/** Pre-order (the callTracer's order: a frame, then its calls), cut at the limit. */
function flatten(root: NodeFrame): { flat: Flat[]; cut: boolean } {
  const flat: Flat[] = [];
  const todo: Flat[] = [{ node: root, path: [] }];
  while (todo.length > 0) {
    if (flat.length >= CALL_TREE_FRAME_LIMIT) return { flat, cut: true };
    const f = todo.pop() as Flat;
    flat.push(f);
    const calls = f.node.calls ?? [];
    for (let i = calls.length - 1; i >= 0; i--) todo.push({ node: calls[i] as NodeFrame, path: [...f.path, i] });
  }
  return { flat, cut: false };
}

/** Name tag, else the contract's display name, by lowercase 0x address. */
async function namesOf(ctx: ApiContext, addresses: string[]): Promise<Map<string, string>> {
  const tags = await nameTagSourceOf(ctx.config).get();
  const out = new Map<string, string>();
  if (addresses.length > 0) {
    const rows = await sql<{ address: string; name: string | null }>`SELECT c.address, ${DISPLAY_NAME_SQL} AS name
      FROM contracts c LEFT JOIN contract_sources s ON s.address = c.address WHERE c.address IN (${sql.join(addresses)})`.execute(ctx.db);
    for (const r of rows.rows) if (r.name) out.set(r.address, r.name);
  }
  for (const a of addresses) {
    const tag = tags.get(a);
    if (tag) out.set(a, tag);
  }
  return out;
}

const lower = (a: string | undefined): string | null => (a ? a.toLowerCase() : null);

/** The revert lines of verified frames that reverted, by flat index; a note when some could not be found. */
async function revertLines(
  ctx: ApiContext,
  hash: string,
  flat: Flat[],
  memo: InterfaceMemo,
): Promise<{ lines: Map<number, RevertSource>; note: string | null }> {
  const lines = new Map<number, RevertSource>();
  const wanted: number[] = [];
  for (const [i, f] of flat.entries()) {
    const to = lower(f.node.to);
    if (f.node.error && to && CODE_FRAMES.has(f.node.type.toUpperCase()) && (await callInterfaces(ctx, to, memo)).own) wanted.push(i);
  }
  if (wanted.length === 0) return { lines, note: null };
  let pcs;
  try {
    pcs = await findRevertPcs(ctx.visitorRpc, hash);
  } catch (err) {
    return { lines, note: `the node could not trace the steps (${err instanceof Error ? err.message.slice(0, 120) : 'error'})` };
  }
  if (!pcs.ok) return { lines, note: pcs.reason };
  let note: string | null = null;
  for (const i of wanted) {
    const revert = pcs.pcs.get(i);
    const to = lower(flat[i]?.node.to);
    if (revert === undefined || !to) continue;
    const found = await revertSourceOf(ctx, to, revert);
    if (typeof found === 'string') note ??= found;
    else if (found) lines.set(i, found);
  }
  return { lines, note };
}

export async function callTree(ctx: ApiContext, hash: string): Promise<CallTree | null> {
  const tx = await ctx.db
    .selectFrom('transactions')
    .select(['block_number', 'tx_index', 'from_address', 'to_address', 'contract_address', 'value', 'gas', 'gas_used', 'input', 'status'])
    .where('hash', '=', hash)
    .executeTakeFirst();
  if (!tx) return null;
  const answer = await fromNode(ctx, hash);
  const traced = typeof answer === 'string' ? null : answer;
  const { root, complete } = traced ? { root: traced, complete: true } : await fromIndex(ctx, tx);
  const { flat, cut } = flatten(root);
  const memo: InterfaceMemo = new Map();
  const calls: (DecodedCall | null)[] = [];
  for (const f of flat) {
    const creates = f.node.type.toUpperCase().startsWith('CREATE');
    calls.push(creates ? null : await decodeCall(ctx, lower(f.node.to), f.node.input ?? '0x', memo));
  }
  const known: Interface[] = [];
  for (const p of memo.values()) {
    const own = (await p).own;
    if (own) known.push(own);
  }
  const names = await namesOf(ctx, [...new Set(flat.flatMap((f) => (f.node.to ? [f.node.to.toLowerCase()] : [])))]);
  const { lines, note } = traced ? await revertLines(ctx, hash, flat, memo) : { lines: new Map<number, RevertSource>(), note: null };

  const frames: CallFrame[] = flat.map((f, i) => {
    const n = f.node;
    const type = n.type.toUpperCase();
    const creates = type.startsWith('CREATE');
    const call = calls[i] ?? null;
    const to = lower(n.to);
    const output = n.output && n.output !== '0x' && !(creates && !n.error) ? n.output : null;
    return {
      path: f.path,
      type,
      from: rubyAddress(n.from.toLowerCase()),
      to: rubyAddress(to),
      toName: to ? (names.get(to) ?? null) : null,
      valueWei: decimal(n.value) ?? '0',
      gas: decimal(n.gas),
      gasUsed: decimal(n.gasUsed),
      input: creates ? '0x' : clip(n.input ?? '0x'),
      inputBytes: bytesOf(n.input),
      call: call?.data ?? null,
      output: output === null ? null : clip(output),
      outputDecoded: !n.error && call ? decodeOutput(call.iface, call.data.selector, n.output) : null,
      error: n.error ?? null,
      revert: n.error ? decodeRevert(n.output, call ? [call.iface, ...known] : known) : null,
      revertSource: lines.get(i) ?? null,
    };
  });
  const indexNote =
    typeof answer === 'string'
      ? `the node did not trace this transaction (${answer}): the tree is rebuilt from the indexed internal calls`
      : null;
  return { hash, origin: traced ? 'node' : 'index', complete: complete && !cut, revertSourceNote: note ?? indexNote, frames };
}
