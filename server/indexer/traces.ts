/**
 * Internal transactions from either trace flavour, in one shape: every call or create below the
 * top level of a transaction (trace_address non-empty), in execution order.
 */
import type { CallFrame, RawTrace } from '../chain/types';

export interface InternalCall {
  txIndex: number;
  txHash: string;
  traceIndex: number;
  traceAddress: string;
  callType: string;
  from: string;
  to: string | null;
  value: bigint;
  gas: bigint | null;
  gasUsed: bigint | null;
  input: string | null;
  output: string | null;
  error: string | null;
  /** Set when this frame created a contract. */
  createdAddress: string | null;
}

const big = (h: string | undefined | null): bigint | null => (h ? BigInt(h) : null);
const lower = (a: string | undefined | null): string | null => (a ? a.toLowerCase() : null);

/** trace_block answer → internal calls of the block (rewards and top-level frames dropped). */
export function fromParityTraces(traces: RawTrace[]): InternalCall[] {
  const out: InternalCall[] = [];
  const perTx = new Map<number, number>();
  for (const t of traces) {
    if (t.transactionPosition === null || t.transactionPosition === undefined || !t.transactionHash) continue;
    if (t.type === 'reward' || t.traceAddress.length === 0) continue;
    const txIndex = t.transactionPosition;
    const traceIndex = perTx.get(txIndex) ?? 0;
    perTx.set(txIndex, traceIndex + 1);
    const a = t.action;
    const isCreate = t.type === 'create';
    const isSuicide = t.type === 'suicide';
    const created = isCreate ? lower(t.result?.address ?? a.address) : null;
    out.push({
      txIndex,
      txHash: t.transactionHash.toLowerCase(),
      traceIndex,
      traceAddress: t.traceAddress.join(','),
      callType: isCreate ? 'create' : isSuicide ? 'selfdestruct' : (a.callType ?? t.type),
      from: (isSuicide ? a.address : a.from)?.toLowerCase() ?? '0x',
      to: isCreate ? created : isSuicide ? lower(a.refundAddress) : lower(a.to),
      value: big(isSuicide ? a.balance : a.value) ?? 0n,
      gas: big(a.gas),
      gasUsed: big(t.result?.gasUsed),
      // A create keeps its init code: verification reads a factory-made contract's creation code here.
      input: isCreate ? (a.init ?? null) : (a.input ?? null),
      output: isCreate ? null : (t.result?.output ?? null),
      error: t.error ?? null,
      createdAddress: created,
    });
  }
  return out;
}

/** debug_traceBlockByNumber(callTracer) answer → the same internal calls. */
export function fromCallFrames(frames: { txHash?: string; result?: CallFrame }[], txHashes: string[]): InternalCall[] {
  const out: InternalCall[] = [];
  frames.forEach((f, txIndex) => {
    const txHash = (f.txHash ?? txHashes[txIndex] ?? '').toLowerCase();
    let traceIndex = 0;
    const walk = (frame: CallFrame, path: number[]) => {
      if (path.length > 0) {
        const type = frame.type.toLowerCase();
        const isCreate = type === 'create' || type === 'create2';
        out.push({
          txIndex,
          txHash,
          traceIndex: traceIndex++,
          traceAddress: path.join(','),
          callType: isCreate ? 'create' : type,
          from: frame.from.toLowerCase(),
          to: lower(frame.to),
          value: big(frame.value) ?? 0n,
          gas: big(frame.gas),
          gasUsed: big(frame.gasUsed),
          input: frame.input ?? null,
          output: isCreate ? null : (frame.output ?? null),
          error: frame.error ?? null,
          createdAddress: isCreate && !frame.error ? lower(frame.to) : null,
        });
      }
      (frame.calls ?? []).forEach((c, i) => walk(c, [...path, i]));
    };
    if (f.result) walk(f.result, []);
  });
  return out;
}
