/**
 * The few RFC 6455 frames a JSON-RPC WebSocket client needs (Node 20 has no WebSocket global
 * without a flag, and the product does not depend on a WebSocket package): masked frames out,
 * and a reader that splits the server's byte stream into whole messages, joining fragments.
 */
import { randomBytes } from 'node:crypto';

export const OPCODE = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const;

/** One masked frame (every client frame must be masked). */
export function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const len = payload.length;
  let head: Buffer;
  if (len < 126) head = Buffer.from([0x80 | opcode, 0x80 | len]);
  else if (len < 0x10000) head = Buffer.from([0x80 | opcode, 0x80 | 126, len >> 8, len & 0xff]);
  else {
    head = Buffer.alloc(10);
    head[0] = 0x80 | opcode;
    head[1] = 0x80 | 127;
    head.writeBigUInt64BE(BigInt(len), 2);
  }
  const body = Buffer.from(payload.map((b, i) => b ^ (mask[i % 4] as number)));
  return Buffer.concat([head, mask, body]);
}

export const textFrame = (text: string): Buffer => clientFrame(OPCODE.text, Buffer.from(text, 'utf8'));

export interface WsMessage {
  opcode: number;
  payload: Buffer;
}

/** Largest message accepted from the server (a newHeads header is under 1 KB). */
const MAX_MESSAGE_BYTES = 1 << 20;

/** Feeds bytes in, gets whole messages out (control frames as they come, data frames joined). */
export class FrameReader {
  private buf: Buffer = Buffer.alloc(0);
  private fragments: Buffer[] = [];
  private fragmentOpcode = 0;

  push(data: Buffer): WsMessage[] {
    this.buf = this.buf.length === 0 ? data : Buffer.concat([this.buf, data]);
    const out: WsMessage[] = [];
    for (;;) {
      const frame = this.next();
      if (!frame) return out;
      const { fin, opcode, payload } = frame;
      if (opcode >= OPCODE.close) {
        out.push({ opcode, payload });
        continue;
      }
      if (opcode !== OPCODE.continuation) this.fragmentOpcode = opcode;
      this.fragments.push(payload);
      if (this.fragments.reduce((n, b) => n + b.length, 0) > MAX_MESSAGE_BYTES) throw new Error('WebSocket message too large');
      if (fin) {
        out.push({ opcode: this.fragmentOpcode, payload: Buffer.concat(this.fragments) });
        this.fragments = [];
      }
    }
  }

  private next(): { fin: boolean; opcode: number; payload: Buffer } | null {
    const b = this.buf;
    if (b.length < 2) return null;
    const fin = ((b[0] as number) & 0x80) !== 0;
    const opcode = (b[0] as number) & 0x0f;
    const masked = ((b[1] as number) & 0x80) !== 0;
    let len = (b[1] as number) & 0x7f;
    let off = 2;
    if (len === 126) {
      if (b.length < 4) return null;
      len = b.readUInt16BE(2);
      off = 4;
    } else if (len === 127) {
      if (b.length < 10) return null;
      const big = b.readBigUInt64BE(2);
      if (big > BigInt(MAX_MESSAGE_BYTES)) throw new Error('WebSocket frame too large');
      len = Number(big);
      off = 10;
    }
    const maskAt = off;
    if (masked) off += 4;
    if (b.length < off + len) return null;
    let payload = b.subarray(off, off + len);
    if (masked) {
      const mask = b.subarray(maskAt, maskAt + 4);
      payload = Buffer.from(payload.map((x, i) => x ^ (mask[i % 4] as number)));
    }
    this.buf = b.subarray(off + len);
    return { fin, opcode, payload };
  }
}
