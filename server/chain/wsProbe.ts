/**
 * Does the node answer eth_subscribe over WebSocket? A minimal RFC 6455 client (handshake, one
 * masked text frame out, one frame back): Node 20 has no WebSocket global without a flag and the
 * product does not depend on a WebSocket package, and a probe needs nothing more.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

/** The ws:// (wss://) twin of an http(s):// node URL. */
export function wsTwin(rpcUrl: string): string {
  return rpcUrl.replace(/^http/i, 'ws');
}

function frame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const mask = randomBytes(4);
  const len = payload.length;
  const head = len < 126 ? Buffer.from([0x81, 0x80 | len]) : Buffer.from([0x81, 0x80 | 126, len >> 8, len & 0xff]);
  const body = Buffer.from(payload.map((b, i) => b ^ (mask[i % 4] as number)));
  return Buffer.concat([head, mask, body]);
}

/** The first text frame's payload in `buf`, or null while incomplete. Server frames are unmasked. */
function readFrame(buf: Buffer): string | null {
  if (buf.length < 2) return null;
  let len = (buf[1] as number) & 0x7f;
  let off = 2;
  if (len === 126) {
    if (buf.length < 4) return null;
    len = buf.readUInt16BE(2);
    off = 4;
  } else if (len === 127) {
    if (buf.length < 10) return null;
    len = Number(buf.readBigUInt64BE(2));
    off = 10;
  }
  return buf.length < off + len ? null : buf.subarray(off, off + len).toString('utf8');
}

/** True when `url` (ws:// or wss://) accepts a WebSocket and answers eth_subscribe(newHeads) with an id. */
export function probeSubscribe(url: string, timeoutMs = 3_000): Promise<boolean> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const lib = u.protocol === 'wss:' ? https : http;
    let done = false;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
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
    req.on('upgrade', (_res, socket) => {
      let buf = Buffer.alloc(0);
      socket.on('data', (d: Buffer) => {
        buf = Buffer.concat([buf, d]);
        const text = readFrame(buf);
        if (text === null) return;
        let ok = false;
        try {
          ok = typeof (JSON.parse(text) as { result?: unknown }).result === 'string';
        } catch {
          // Not JSON: not a JSON-RPC WebSocket.
        }
        socket.destroy();
        finish(ok);
      });
      socket.on('error', () => finish(false));
      socket.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] })));
    });
    req.on('response', () => finish(false)); // an ordinary HTTP answer: no WebSocket here
    req.on('error', () => finish(false));
    req.end();
  });
}
