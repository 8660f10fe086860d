/**
 * What the node offers beyond plain blocks and transactions: call traces (parity
 * trace_block or geth debug_traceBlockByNumber with callTracer), eth_getBlockReceipts, txpool_*,
 * state at an old block (archive or pruned) and eth_subscribe over WebSocket. Probed at start and
 * every few minutes (a node may be upgraded or swapped behind its URL), logged in plain words,
 * shown in /api/ready, and used by the indexer to know in advance whether internal transactions
 * can be indexed, instead of learning it from each failure.
 *
 * Only a JSON-RPC error answer counts as "not offered"; a node that cannot be reached throws
 * (RpcTransportError), so an outage is never taken for a missing capability.
 */
import { NO_TRACES_NOTICE, type NodeCapabilities } from '../../common/api/capabilities';
import { RpcError, type RpcClient } from './rpc';
import { blockNumber, rpcCalls, send, type TypedCall } from './rpcActions';
import { probeSubscribe, wsTwin } from './wsProbe';

export { NO_TRACES_NOTICE, type NodeCapabilities };

export const CAPABILITY_PROBE_INTERVAL_MS = 5 * 60_000;

export const hasTraces = (c: Pick<NodeCapabilities, 'traceBlock' | 'debugTrace'>): boolean => c.traceBlock || c.debugTrace;

/** Resolves true when the call is answered, false on a JSON-RPC error; rethrows transport failures. */
async function offered(rpc: RpcClient, call: TypedCall<unknown>): Promise<boolean> {
  try {
    await send(rpc, call);
    return true;
  } catch (err) {
    if (err instanceof RpcError) return false;
    throw err;
  }
}

export function describeMissing(c: Omit<NodeCapabilities, 'missing' | 'probedAt'>): string[] {
  const out: string[] = [];
  if (!hasTraces(c)) out.push(NO_TRACES_NOTICE);
  if (!c.blockReceipts) out.push('This node offers no eth_getBlockReceipts: receipts are fetched one transaction at a time');
  if (!c.txpool) out.push('This node offers no txpool access: the pending-transaction pool is not shown in detail');
  if (!c.oldState) out.push('This node keeps no old state (not an archive node): balances are read near the head only');
  if (!c.subscribe) out.push('This node offers no eth_subscribe over WebSocket: new blocks are found by polling');
  return out;
}

export async function probeCapabilities(rpc: RpcClient, opts: { wsUrl?: string | null } = {}): Promise<NodeCapabilities> {
  const head = await blockNumber(rpc);
  const old = head > 1000 ? head - 1000 : Math.min(1, head);
  const wsUrl = opts.wsUrl === undefined ? wsTwin(rpc.url) : opts.wsUrl;
  const [traceBlock, debugTrace, blockReceipts, txpool, oldState, subscribe] = await Promise.all([
    offered(rpc, rpcCalls.traceBlock(head)),
    offered(rpc, rpcCalls.debugTraceBlock(head)),
    offered(rpc, rpcCalls.getBlockReceipts(head)),
    offered(rpc, rpcCalls.txpoolStatus()),
    // eth_getCode, not eth_getBalance: a state read all the same, and not one the indexer makes.
    offered(rpc, rpcCalls.getCode('0x0000000000000000000000000000000000000000', old)),
    wsUrl ? probeSubscribe(wsUrl) : Promise.resolve(false),
  ]);
  const c = { traceBlock, debugTrace, blockReceipts, txpool, oldState, subscribe };
  return { ...c, missing: describeMissing(c), probedAt: new Date().toISOString() };
}

/** One line for the log: what the node offers and what it lacks. */
export function capabilitiesLine(c: NodeCapabilities): string {
  if (c.missing.length === 0) return 'node capabilities: traces, block receipts, txpool, old state and WebSocket subscriptions all offered';
  return `node capabilities: ${c.missing.join('; ')}`;
}

/**
 * Keeps the latest probe: at start, then every `intervalMs`. A failed probe (node unreachable)
 * keeps the previous answer and is retried at the next tick.
 */
export class CapabilityMonitor {
  private last: NodeCapabilities | null = null;
  private inflight: Promise<NodeCapabilities | null> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly rpc: RpcClient,
    private readonly log: (m: string) => void = () => {},
    private readonly intervalMs = CAPABILITY_PROBE_INTERVAL_MS,
  ) {}

  current(): NodeCapabilities | null {
    return this.last;
  }

  /** Probes now (one probe shared by concurrent callers); null when the node could not be reached. */
  refresh(): Promise<NodeCapabilities | null> {
    this.inflight ??= probeCapabilities(this.rpc)
      .then(
        (c) => {
          // Logged at the first probe and whenever the answer changes, not every few minutes.
          if (this.last === null || this.last.missing.join('|') !== c.missing.join('|')) this.log(capabilitiesLine(c));
          this.last = c;
          return c;
        },
        () => null,
      )
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }

  start(): void {
    if (this.timer) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
