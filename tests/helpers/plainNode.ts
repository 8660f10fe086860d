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
}

export interface PlainNode {
  url: string;
  /** How many calls of each refused kind were answered with an error (for assertions). */
  refused: Map<string, number>;
  setLatency(ms: number): void;
  close(): Promise<void>;
}

interface Call { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown }

const REFUSED = /^(trace_|debug_|ots_|txpool_)|^eth_getBlockReceipts$/;
/** State reads and the index of their block-tag parameter. */
const STATE_TAG: Record<string, number> = { eth_getBalance: 1, eth_call: 1, eth_getCode: 1, eth_getStorageAt: 2, eth_getTransactionCount: 1 };

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
    const a = await upstream({ jsonrpc: '2.0', id: nextId++, method: 'eth_blockNumber', params: [] }) as { result?: string };
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
    return upstream({ ...c, jsonrpc: '2.0' });
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
    setLatency: (ms) => { latency = ms; },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
