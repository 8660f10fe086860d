/**
 * Compressed API answers (issue #17): JSON above COMPRESS_THRESHOLD_BYTES goes out brotli or gzip
 * when the client asks, with `Vary: Accept-Encoding`. Smaller answers (most socket-free /api
 * calls of a screen are a few hundred bytes, /metrics' health answers) are sent as they are:
 * below about 1 KB the saved bytes fit in the same TCP packets and only cost CPU.
 *
 * Must be registered before any route: @fastify/compress wires itself through onRoute hooks.
 * socket.io is attached to the raw HTTP server, so its polling and WebSocket traffic never
 * passes through here. Static files are served precompressed (staticFiles.ts): a reply that
 * already carries a content-encoding is left alone.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    // br first: smaller at a CPU cost close to gzip's at the plugin's quality 4.
    encodings: ['br', 'gzip'],
    // Request bodies are not inflated: the API's bodies are small JSON or a .sol upload, and an
    // inflated body would escape the 1 MB bodyLimit check done on the wire bytes.
    globalDecompression: false,
  });
}
