/**
 * Where each frame of a transaction reverted: the program counter of the REVERT that ended it, and
 * of the last jumps the frame made before it, by the frame's index in the callTracer's pre-order
 * (0 = the transaction, then each call before its own calls), for the call tree's source lines
 * (server/services/revertSource.ts). The jumps matter because the optimizer merges
 * identical revert blocks: several require()s may end in one REVERT whose source map names only
 * one of them, while the jump from the require that failed into the shared code is its own.
 *
 * Read from the node's default struct logger with stack, memory, storage and return data off (pc,
 * op and depth of every step). anvil fills struct logs only when started with --steps-tracing,
 * which the devnet is not (it would record every step of every block it mines); there a small
 * JavaScript tracer that reports just the steps read here is asked instead (anvil and geth run
 * it; a node that has neither answers no program counters, and the tree says so).
 *
 * Invariants: every CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE and CREATE2 step opens one
 * frame of the callTracer's tree whether or not code runs in it (a call to an account without code
 * or to a precompile has no steps of its own: the next step is at the caller's depth), and a
 * SELFDESTRUCT opens one too; a frame whose code runs starts at the caller's depth + 1.
 */
import type { RpcClient } from './rpc';
import { RpcError } from './rpc';
import { rpcCalls, send } from './rpcActions';
import type { StructLogStep } from './types';

const CALL_OPS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
/** Jumps kept per frame (the last ones before a REVERT). */
export const JUMPS_KEPT = 64;

/** A REVERT: its pc and the pcs of the frame's last JUMP / JUMPI steps before it, oldest first. */
export interface RevertAt {
  pc: number;
  jumps: number[];
}

/** A step as revertPcs reads it: the JavaScript tracer gives a REVERT its frame's last jumps itself. */
export type Step = StructLogStep & { jumps?: number[] };

/** Frame index (callTracer pre-order) → the REVERT that ended it. */
export function revertPcs(steps: readonly Step[]): Map<number, RevertAt> {
  const out = new Map<number, RevertAt>();
  const stack: { index: number; depth: number; jumps: number[] }[] = [];
  let next = 1;
  let opened: { index: number; depth: number } | null = null;
  for (const s of steps) {
    if (stack.length === 0) stack.push({ index: 0, depth: s.depth, jumps: [] });
    if (opened) {
      if (s.depth === opened.depth + 1) stack.push({ index: opened.index, depth: s.depth, jumps: [] });
      opened = null;
    }
    while (stack.length > 1 && (stack[stack.length - 1]?.depth ?? 0) > s.depth) stack.pop();
    const top = stack[stack.length - 1];
    if (!top) continue;
    if (s.op === 'JUMP' || s.op === 'JUMPI') {
      top.jumps.push(s.pc);
      if (top.jumps.length > JUMPS_KEPT) top.jumps.shift();
    } else if (s.op === 'REVERT') out.set(top.index, { pc: s.pc, jumps: s.jumps ?? [...top.jumps] });
    else if (CALL_OPS.has(s.op)) opened = { index: next++, depth: s.depth };
    else if (s.op === 'SELFDESTRUCT') next += 1;
  }
  return out;
}

/**
 * The JavaScript tracer asked when struct logs are empty: the steps revertPcs reads (calls,
 * SELFDESTRUCT, the step after each call, and each REVERT with its frame's last jumps, kept per
 * depth here so that not every jump travels), as [pc, op, depth, jumps?].
 */
const STEP_TRACER = `{
  s: [], j: {}, after: -1,
  step: function (log) {
    var op = log.op.toString(), pc = log.getPC(), d = log.getDepth();
    if (this.after >= 0 && d > this.after) this.j[d] = [];
    if (this.j[d] === undefined) this.j[d] = [];
    var call = op === 'CALL' || op === 'CALLCODE' || op === 'DELEGATECALL' || op === 'STATICCALL' || op === 'CREATE' || op === 'CREATE2';
    if (op === 'JUMP' || op === 'JUMPI') { this.j[d].push(pc); if (this.j[d].length > ${JUMPS_KEPT}) this.j[d].shift(); }
    if (op === 'REVERT') this.s.push([pc, op, d, this.j[d].slice()]);
    else if (this.after >= 0 || call || op === 'SELFDESTRUCT') this.s.push([pc, op, d]);
    this.after = call ? d : -1;
  },
  fault: function () {},
  result: function () { return this.s; }
}`;

const isPcList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number');

function stepsOf(answer: unknown): Step[] | null {
  if (!Array.isArray(answer)) return null;
  const out: Step[] = [];
  for (const row of answer) {
    if (!Array.isArray(row) || typeof row[0] !== 'number' || typeof row[1] !== 'string' || typeof row[2] !== 'number') return null;
    out.push({ pc: row[0], op: row[1], depth: row[2], ...(isPcList(row[3]) ? { jumps: row[3] } : {}) });
  }
  return out;
}

export type RevertPcAnswer = { ok: true; pcs: Map<number, RevertAt>; via: 'structLogs' | 'jsTracer' } | { ok: false; reason: string };

/**
 * The REVERT pcs of a transaction, from the struct logger or else the step tracer (only the step
 * tracer with `structLogs: false`: the tests compare the two); RpcErrors become a reason.
 */
export async function findRevertPcs(rpc: RpcClient, hash: string, opts: { structLogs?: boolean } = {}): Promise<RevertPcAnswer> {
  let structError = '';
  try {
    const logs = opts.structLogs === false ? null : await send(rpc, rpcCalls.structLogs(hash));
    const steps = logs?.structLogs ?? [];
    if (steps.length > 0) return { ok: true, pcs: revertPcs(steps), via: 'structLogs' };
  } catch (err) {
    if (!(err instanceof RpcError)) throw err;
    structError = err.message;
  }
  try {
    const steps = stepsOf(await send(rpc, rpcCalls.jsTrace(hash, STEP_TRACER)));
    if (steps && steps.length > 0) return { ok: true, pcs: revertPcs(steps), via: 'jsTracer' };
    return { ok: false, reason: 'the node traced no execution steps of this transaction' };
  } catch (err) {
    if (!(err instanceof RpcError)) throw err;
    return {
      ok: false,
      reason: `the node gives no program counters (debug_traceTransaction: ${(structError || err.message).slice(0, 160)})`,
    };
  }
}
