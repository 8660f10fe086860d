/**
 * The node's new heads as they are mined (live blocks): `eth_subscribe('newHeads')`
 * over the node's WebSocket (the ws:// twin of its HTTP URL; anvil and geth answer both on one
 * port). Each head's number goes to `onHead` the moment the node announces it, so the indexer
 * need not wait for its next poll.
 *
 * Only a hint: the indexer still polls (a node without WebSocket, a dropped connection, a missed
 * message lose nothing but speed). A connection that fails or closes is tried again after a
 * back-off that doubles from 1 s to 60 s and resets once a subscription is confirmed; the first
 * failure and each recovery are logged, not every retry.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { FrameReader, OPCODE, clientFrame, textFrame } from './wsFrames';

export interface HeadSubscriptionOptions {
  /** ws:// or wss:// URL of the node. */
  url: string;
  onHead: (blockNumber: number) => void;
  log?: (msg: string) => void;
  /** First retry delay (doubles up to maxRetryMs). */
  retryMs?: number;
  maxRetryMs?: number;
  /** How long the handshake and the subscription's confirmation may take. */
  connectTimeoutMs?: number;
}

interface RpcMessage {
  id?: number;
  result?: unknown;
  error?: { message?: string };
  method?: string;
  params?: { subscription?: string; result?: { number?: string } };
}

export class HeadSubscription {
  private socket: Duplex | null = null;
  private request: http.ClientRequest | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private connectTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  private backoff = 0;
  private failing = false;
  private subscriptionId: string | null = null;
  private readonly log: (msg: string) => void;

  constructor(private readonly opts: HeadSubscriptionOptions) {
    this.log = opts.log ?? (() => {});
  }

  /** True while a subscription is confirmed and its connection open. */
  get active(): boolean {
    return this.subscriptionId !== null;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.drop();
  }

  private connect(): void {
    let u: URL;
    try {
      u = new URL(this.opts.url);
    } catch {
      this.log(`newHeads: not a WebSocket URL: ${this.opts.url}`);
      return;
    }
    const lib = u.protocol === 'wss:' ? https : http;
    const req = lib.request({
      hostname: u.hostname,
      port: u.port,
      path: `${u.pathname}${u.search}`,
      method: 'GET',
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    this.request = req;
    this.connectTimer = setTimeout(() => this.fail('no subscription confirmed in time'), this.opts.connectTimeoutMs ?? 5_000);
    this.connectTimer.unref();
    req.on('upgrade', (_res, socket) => this.open(socket));
    req.on('response', (res) => {
      res.resume();
      this.fail(`the node answered HTTP ${res.statusCode} instead of a WebSocket`);
    });
    req.on('error', (err) => this.fail(err.message));
    req.end();
  }

  private open(socket: Duplex): void {
    if (this.stopped) {
      socket.destroy();
      return;
    }
    this.socket = socket;
    const reader = new FrameReader();
    socket.on('data', (d: Buffer) => {
      let messages;
      try {
        messages = reader.push(d);
      } catch (err) {
        this.fail(err instanceof Error ? err.message : String(err));
        return;
      }
      for (const m of messages) {
        if (m.opcode === OPCODE.ping) socket.write(clientFrame(OPCODE.pong, m.payload));
        else if (m.opcode === OPCODE.close) this.fail('the node closed the WebSocket');
        else if (m.opcode === OPCODE.text) this.message(m.payload.toString('utf8'));
      }
    });
    socket.on('error', (err: Error) => this.fail(err.message));
    socket.on('close', () => this.fail('the WebSocket closed'));
    socket.write(textFrame(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] })));
  }

  private message(text: string): void {
    let m: RpcMessage;
    try {
      m = JSON.parse(text) as RpcMessage;
    } catch {
      return; // not JSON-RPC: ignored
    }
    if (m.id === 1) {
      if (typeof m.result !== 'string') {
        this.fail(`eth_subscribe refused: ${m.error?.message ?? 'no subscription id'}`);
        return;
      }
      this.subscriptionId = m.result;
      if (this.connectTimer) clearTimeout(this.connectTimer);
      this.connectTimer = null;
      this.backoff = 0;
      if (this.failing) this.log('newHeads: subscribed again');
      this.failing = false;
      return;
    }
    if (m.method !== 'eth_subscription' || m.params?.subscription !== this.subscriptionId) return;
    const hex = m.params?.result?.number;
    if (typeof hex !== 'string' || !/^0x[0-9a-f]+$/i.test(hex)) return;
    this.opts.onHead(Number.parseInt(hex.slice(2), 16));
  }

  /** Drops the connection and, unless stopped, tries again after the back-off. */
  private fail(reason: string): void {
    const wasOpen = this.socket !== null || this.request !== null;
    this.drop();
    if (this.stopped || !wasOpen) return;
    if (!this.failing) this.log(`newHeads: ${reason}; new blocks are found by polling until the subscription is back`);
    this.failing = true;
    const max = this.opts.maxRetryMs ?? 60_000;
    this.backoff = this.backoff === 0 ? (this.opts.retryMs ?? 1_000) : Math.min(max, this.backoff * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.connect();
    }, this.backoff);
    this.retryTimer.unref();
  }

  private drop(): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    this.subscriptionId = null;
    const socket = this.socket;
    const req = this.request;
    this.socket = null;
    this.request = null;
    if (socket) {
      socket.removeAllListeners('data');
      socket.on('error', () => {});
      if (socket.writable) socket.end(clientFrame(OPCODE.close, Buffer.alloc(0)));
      socket.destroy();
    }
    if (req) {
      req.removeAllListeners('response');
      req.on('error', () => {});
      req.destroy();
    }
  }
}
