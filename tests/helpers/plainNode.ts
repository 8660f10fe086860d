/**
 * A node double at the JSON-RPC edge (allowed by issue #28): a tiny HTTP proxy in front of anvil
 * that answers like a common full node. trace_*, debug_*, ots_*, txpool_* and
 * eth_getBlockReceipts are refused with -32601; state reads at a block more than `pruneDepth`
 * below the head answer "missing trie node" (a pruned node keeps about 128 blocks of state);
 * `latencyMs` is added to every HTTP request (a slow link). A batch is answered element by
 * element, as a real node does, so one refused call does not fail its neighbours.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PlainNodeOptions {
  /** URL of the real node (anvil) behind the proxy. */
  upstream: string;
  pruneDepth?: number;
  latencyMs?: number;
  /**
   * EIP-4895 withdrawals to add to blocks (by number), with their credit in eth_getBalance
   * answers at those blocks and later: anvil's blocks carry none, a node double may (issue #28).
   */
  withdrawals?: Map<number, { index: number; validatorIndex: number; address: string; amountGwei: bigint }[]>;
}

export interface PlainNode {
  url: string;
  /** How many calls of each refused kind were answered with an error (for assertions). */
  refused: Map<string, number>;
  setLatency(ms: number): void;
  close(): Promise<void>;
}

interface Call {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

const REFUSED = /^(trace_|debug_|ots_|txpool_)|^eth_getBlockReceipts$/;
/** State reads and the index of their block-tag parameter. */
const STATE_TAG: Record<string, number> = {
  eth_getBalance: 1,
  eth_call: 1,
  eth_getCode: 1,
  eth_getStorageAt: 2,
  eth_getTransactionCount: 1,
};

export async function startPlainNode(opts: PlainNodeOptions): Promise<PlainNode> {
  const pruneDepth = opts.pruneDepth ?? 128;
  let latency = opts.latencyMs ?? 0;
  const refused = new Map<string, number>();
  let nextId = 1;

  const upstream = async (body: unknown): Promise<unknown> => {
    const res = await fetch(opts.upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return res.json() as Promise<unknown>;
  };
  const head = async (): Promise<number> => {
    const a = (await upstream({ jsonrpc: '2.0', id: nextId++, method: 'eth_blockNumber', params: [] })) as { result?: string };
    return Number(BigInt(a.result ?? '0x0'));
  };
  const error = (c: Call, code: number, message: string) => ({ jsonrpc: '2.0', id: c.id ?? null, error: { code, message } });

  /** Answers one call: refused, pruned, or passed through to anvil. */
  const one = async (c: Call, headOnce: () => Promise<number>): Promise<unknown> => {
    const method = typeof c.method === 'string' ? c.method : '';
    if (REFUSED.test(method)) {
      refused.set(method, (refused.get(method) ?? 0) + 1);
      return error(c, -32601, `the method ${method} does not exist/is not available`);
    }
    const at = STATE_TAG[method];
    if (at !== undefined && Array.isArray(c.params)) {
      const tag: unknown = c.params[at];
      if (typeof tag === 'string' && tag.startsWith('0x')) {
        const n = Number(BigInt(tag));
        if (n < (await headOnce()) - pruneDepth) {
          refused.set('pruned', (refused.get('pruned') ?? 0) + 1);
          return error(c, -32000, `missing trie node ${'0'.repeat(64)} (path ) state ${n} is not available`);
        }
      }
    }
    const answer = (await upstream({ ...c, jsonrpc: '2.0' })) as { result?: unknown };
    return opts.withdrawals ? withWithdrawals(method, c, answer, headOnce) : answer;
  };

  /** Adds the configured withdrawals to block answers and their credit to balance answers. */
  const withWithdrawals = async (
    method: string,
    c: Call,
    answer: { result?: unknown },
    headOnce: () => Promise<number>,
  ): Promise<unknown> => {
    const all = opts.withdrawals as NonNullable<PlainNodeOptions['withdrawals']>;
    const params = Array.isArray(c.params) ? c.params : [];
    const block = answer.result as { number?: string; withdrawals?: unknown[] } | null | undefined;
    if ((method === 'eth_getBlockByNumber' || method === 'eth_getBlockByHash') && block?.number) {
      const ws = all.get(Number(BigInt(block.number))) ?? [];
      const hex = (n: number | bigint) => `0x${n.toString(16)}`;
      block.withdrawals = [
        ...(block.withdrawals ?? []),
        ...ws.map((w) => ({ index: hex(w.index), validatorIndex: hex(w.validatorIndex), address: w.address, amount: hex(w.amountGwei) })),
      ];
    }
    if (method === 'eth_getBalance' && typeof answer.result === 'string') {
      const address = String(params[0]).toLowerCase();
      const tag: unknown = params[1];
      const at = typeof tag === 'string' && tag.startsWith('0x') ? Number(BigInt(tag)) : await headOnce();
      let credit = 0n;
      for (const [n, ws] of all)
        if (n <= at) for (const w of ws) if (w.address.toLowerCase() === address) credit += w.amountGwei * 1_000_000_000n;
      answer.result = `0x${(BigInt(answer.result) + credit).toString(16)}`;
    }
    return answer;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      void (async () => {
        if (latency > 0) await new Promise((r) => setTimeout(r, latency));
        let answer: unknown;
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
          // The head is read at most once per HTTP request, however many state reads it holds.
          let h: Promise<number> | null = null;
          const headOnce = () => (h ??= head());
          answer = Array.isArray(body) ? await Promise.all(body.map((c) => one(c as Call, headOnce))) : await one(body as Call, headOnce);
        } catch (err) {
          // The upstream is down or the body is not JSON: as a node behind a gateway would.
          res.writeHead(502, { 'content-type': 'text/plain' }).end(String(err));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    setLatency: (ms) => {
      latency = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
