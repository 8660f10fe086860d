/**
 * Compressed API answers: a string or Buffer answer of COMPRESS_THRESHOLD_BYTES or
 * more, of a compressible type (JSON, text, HTML, JavaScript), goes out brotli or gzip when the
 * client asks, with `Vary: Accept-Encoding`. Smaller answers are sent as they are: below about
 * 1 KB the saved bytes fit in the packets already sent and only cost CPU.
 *
 * Why not @fastify/compress: measured with bench/api.ts, its stream pipeline and brotli quality 4
 * halved the throughput of the cached routes (20.7k → 8.0k req/s on the latest blocks) and
 * pushed the first transactions page's p99 past its 50 ms target. Here compression is
 * synchronous at brotli quality 1 / gzip level 1 (a 10 KB answer in well under a millisecond,
 * JSON still shrinks 5-10×), and the last few compressed answers are remembered by their text:
 * the hot routes serve the same text from their caches until the next block, so most requests
 * cost a hash lookup and a compare.
 *
 * socket.io is attached to the raw HTTP server and never passes through here. A reply that
 * already has a content-encoding (the precompressed static files) is left alone.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Answers larger than this are compressed but not remembered. */
const MEMO_MAX_BYTES = 64 * 1024;
/** Compressed answers remembered per encoding (insertion order = age): at most 64 × 64 KB of
 *  texts (shared by both maps) plus their compressed bytes, a few MB at worst. */
const MEMO_ENTRIES = 64;

const COMPRESSIBLE_TYPE = /^(application\/(json|javascript|xml)|text\/)/i;
export type Encoding = 'br' | 'gzip';

/** The client's preferred encoding we offer: br, else gzip (q=0 refuses one), else null. */
export function pickEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((x) => x !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (e: string) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

function compress(encoding: Encoding, data: string | Buffer): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } })
    : gzipSync(data, { level: 1 });
}

export class CompressionMemo {
  private readonly byEncoding = { br: new Map<string, Buffer>(), gzip: new Map<string, Buffer>() };

  get(encoding: Encoding, text: string): Buffer {
    const memo = this.byEncoding[encoding];
    const hit = memo.get(text);
    if (hit) return hit;
    const out = compress(encoding, text);
    if (text.length <= MEMO_MAX_BYTES) {
      if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value as string);
      memo.set(text, out);
    }
    return out;
  }
}

export function installCompression(app: FastifyInstance): void {
  const memo = new CompressionMemo();
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload; // streams: static files
    if (req.method === 'HEAD' || reply.getHeader('content-encoding') !== undefined) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE_TYPE.test(type)) return payload;
    // Every compressible answer varies by the header, whether or not this one is compressed.
    varyOnAcceptEncoding(reply);
    if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES) return payload;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = typeof payload === 'string' ? memo.get(encoding, payload) : compress(encoding, payload);
    reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    return body;
  });
}

function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) return;
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}
