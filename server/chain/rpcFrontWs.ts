/**
 * WebSocket on the devnet's public port (rpcFront.ts): each connection is bridged to one of anvil's
 * own, with the same allow list per message (rpcFrontPolicy.ts), so `eth_subscribe` works for
 * clients and for the product's processes that run against DEVNET_PORT.
 *
 * Invariants:
 * - An upgrade carrying an Origin header is refused (403): a browser always sends one, and a page
 *   of any origin may open a WebSocket (there is no CORS for it); CLI clients send none.
 * - A batch holding a refused call is not sent at all: each call gets an error in its place.
 */
import type http from 'node:http';
import type net from 'node:net';
import WebSocket, { WebSocketServer, type RawData } from 'ws';
import { INVALID_REQUEST_CODE, PARSE_ERROR_CODE, errorAnswer, judge } from './rpcFrontPolicy';

export interface WsBridge {
  upgrade(req: http.IncomingMessage, socket: net.Socket, head: Buffer): void;
  close(): void;
}

const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

export function wsBridge(upstreamWsUrl: string): WsBridge {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  return {
    upgrade(req, socket, head) {
      if (req.headers.origin !== undefined) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (client) => bridge(client, upstreamWsUrl));
    },
    close() {
      for (const c of wss.clients) c.terminate();
      wss.close();
    },
  };
}

function bridge(client: WebSocket, upstreamWsUrl: string): void {
  const upstream = new WebSocket(upstreamWsUrl, { maxPayload: MAX_MESSAGE_BYTES });
  const queue: string[] = [];
  const toUpstream = (text: string) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
    else queue.push(text);
  };
  upstream.on('open', () => {
    for (const text of queue.splice(0)) upstream.send(text);
  });
  upstream.on('message', (data: RawData, isBinary: boolean) => {
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
  });
  const end = () => {
    client.close();
    upstream.close();
  };
  upstream.on('close', end);
  upstream.on('error', end);
  client.on('close', end);
  client.on('error', end);
  client.on('message', (data: RawData) => {
    const text = Buffer.isBuffer(data)
      ? data.toString('utf8')
      : Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data).toString('utf8');
    const own = ownAnswer(text);
    if (own === null) toUpstream(text);
    else client.send(JSON.stringify(own));
  });
}

/** The front's own answer to a message, or null when it goes to anvil as it is. */
function ownAnswer(text: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return errorAnswer(null, PARSE_ERROR_CODE, 'parse error: the message is not JSON');
  }
  if (!Array.isArray(body)) {
    const v = judge(body);
    return v.kind === 'answer' ? v.answer : null;
  }
  if (body.length === 0) return errorAnswer(null, INVALID_REQUEST_CODE, 'empty batch');
  const verdicts = body.map(judge);
  if (verdicts.every((v) => v.kind === 'forward')) return null;
  return verdicts.map((v, i) =>
    v.kind === 'answer'
      ? v.answer
      : errorAnswer((body as { id?: unknown }[])[i]?.id, INVALID_REQUEST_CODE, 'not sent: this batch holds a method this port refuses'),
  );
}
