/**
 * The devnet's public JSON-RPC port (DEVNET_PORT): a small front of ours before anvil, which
 * listens on a private loopback port only the product uses (devnet.ts).
 *
 * Invariants:
 * - Only methods of rpcFrontPolicy.ts's allow list reach anvil, alone or in a batch; the others
 *   get a JSON-RPC error in their place (a batch keeps its order and the allowed calls still run).
 * - No CORS header, ever; a POST must say `Content-Type: application/json` (so a page on another
 *   origin cannot send even a blind "simple" request without a preflight, which fails), and the
 *   Host must be a loopback name (a DNS-rebinding page names its own host).
 * - WebSocket is bridged to anvil's with the same allow list, and refused to browsers (rpcFrontWs.ts).
 */
import http from 'node:http';
import type net from 'node:net';
import { PARSE_ERROR_CODE, INVALID_REQUEST_CODE, errorAnswer, judge } from './rpcFrontPolicy';
import { wsBridge } from './rpcFrontWs';

export interface RpcFront {
  url: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 8 * 1024 * 1024;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Listens on 127.0.0.1:port (0 = any free port) and forwards what it allows to `upstream` (anvil's URL). */
export async function startRpcFront(port: number, upstream: string): Promise<RpcFront> {
  const server = http.createServer((req, res) => {
    void handle(req, res, upstream).catch(() => {
      if (!res.headersSent) send(res, 502, errorAnswer(null, -32603, 'the devnet node did not answer'));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  const ws = wsBridge(upstream.replace(/^http/, 'ws'));
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    if (!loopbackHost(req)) socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else ws.upgrade(req, socket, head);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        ws.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...extra });
  res.end(text);
}

function loopbackHost(req: http.IncomingMessage): boolean {
  return LOOPBACK_HOSTS.has((req.headers.host ?? '127.0.0.1').replace(/:\d+$/, '').toLowerCase());
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse, upstream: string): Promise<void> {
  if (!loopbackHost(req)) return send(res, 403, errorAnswer(null, INVALID_REQUEST_CODE, 'this devnet answers loopback host names only'));
  if (req.method !== 'POST') {
    req.resume();
    return send(res, 405, errorAnswer(null, INVALID_REQUEST_CODE, 'JSON-RPC over POST only'), { allow: 'POST' });
  }
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    req.resume();
    return send(res, 415, errorAnswer(null, INVALID_REQUEST_CODE, 'Content-Type must be application/json'));
  }
  const raw = await readBody(req);
  if (raw === null) return send(res, 413, errorAnswer(null, INVALID_REQUEST_CODE, `request body over ${MAX_BODY_BYTES} bytes`));
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return send(res, 200, errorAnswer(null, PARSE_ERROR_CODE, 'parse error: the body is not JSON'));
  }
  if (!Array.isArray(body)) {
    const verdict = judge(body);
    if (verdict.kind === 'answer') return send(res, 200, verdict.answer);
    const answer = await forward(upstream, raw);
    return send(res, answer.status, answer.text);
  }
  if (body.length === 0) return send(res, 200, errorAnswer(null, INVALID_REQUEST_CODE, 'empty batch'));
  send(res, 200, await batch(upstream, body));
}

/** A batch: the allowed calls go to anvil in one batch; each answer goes back in its call's place. */
async function batch(upstream: string, calls: unknown[]): Promise<unknown[]> {
  const verdicts = calls.map(judge);
  const forwarded = calls.filter((_, i) => verdicts[i]?.kind === 'forward');
  let answers: unknown[] = [];
  if (forwarded.length > 0) {
    const { text } = await forward(upstream, JSON.stringify(forwarded));
    const parsed = JSON.parse(text) as unknown;
    answers = Array.isArray(parsed) ? parsed : forwarded.map(() => parsed);
  }
  const byId = new Map(answers.map((a) => [JSON.stringify((a as { id?: unknown } | null)?.id ?? null), a]));
  const positional = answers.length === forwarded.length;
  let next = 0;
  const out: unknown[] = [];
  for (const [i, v] of verdicts.entries()) {
    if (v.kind === 'answer') {
      out.push(v.answer);
      continue;
    }
    const call = calls[i] as { id?: unknown };
    const answer = positional ? answers[next] : byId.get(JSON.stringify(call.id ?? null));
    next++;
    // A notification (no id) has no answer.
    if (answer !== undefined) out.push(answer);
  }
  return out;
}

async function forward(upstream: string, body: string): Promise<{ status: number; text: string }> {
  const res = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: res.status, text: await res.text() };
}

/** The body as text, or null once it passes MAX_BODY_BYTES (the rest is not read). */
function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}
