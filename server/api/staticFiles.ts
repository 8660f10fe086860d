/**
 * The built SPA (dist/): files with a content hash in their name (everything under /assets) are
 * cached for a year and never revalidated; index.html and the other unhashed files are
 * revalidated on every use (`no-cache` with an ETag, so a repeat visit costs a 304 and a new
 * build is seen at once). The build writes a .br and a .gz beside each text file
 * (vite.config.ts, precompress): those are sent as they are, no compression per request.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** Folder of Vite's hashed output inside dist/ (build.assetsDir). */
const HASHED_DIR = `${path.sep}assets${path.sep}`;

export async function installStaticFiles(app: FastifyInstance, dist: string): Promise<void> {
  const hashedRoot = path.join(dist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    preCompressed: true,
    // Our own cache-control below; send's ETag and Last-Modified stay on.
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) => {
      const hashed = file.startsWith(hashedRoot) && file.includes(HASHED_DIR);
      reply.header('cache-control', hashed ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });
}

/** The SPA fallback for client-side routes: index.html, revalidated like the file itself. */
export function sendSpaShell(reply: FastifyReply): FastifyReply {
  return reply.type('text/html').sendFile('index.html');
}
