/**
 * The built SPA (dist/): files with a content hash in their name (everything under /assets) are
 * cached for a year and never revalidated; index.html and the other unhashed files are
 * revalidated on every use (`no-cache` with an ETag, so a repeat visit costs a 304 and a new
 * build is seen at once). The build writes a .br and a .gz beside each text file
 * (vite.config.ts, precompress): those are sent as they are, no compression per request.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { shellLangOf } from '../../common/routeSkeleton';
import { pickEncoding } from './compression';
import { walletLinkTarget } from './pageStatus';
import { apiGetFor, loadPageRenderer, streamPage } from './serverRender';
import { SpaShell } from './spaShell';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** Registers dist/ and returns the HTML source of the SPA's routes (sendSpaShell). */
export async function installStaticFiles(app: FastifyInstance, dist: string): Promise<SpaShell> {
  // Vite's hashed output (build.assetsDir); the .br/.gz siblings live there too.
  const hashedRoot = path.join(dist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    // `/` is a route like the others: its HTML preloads the home screen (sendSpaShell).
    index: false,
    preCompressed: true,
    // Our own cache-control below; send's ETag and Last-Modified stay on.
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) => {
      reply.header('cache-control', file.startsWith(hashedRoot) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });
  return new SpaShell(dist, loadPageRenderer(dist));
}

/**
 * The SPA for a client-side route: index.html with the route's preloads (spaShell.ts),
 * revalidated (no-cache, ETag, 304), compressed by the onSend hook (compression.ts). In the
 * language the request asks for (`?lang=`, else the language cookie): each has its own ETag, and
 * `Vary: Cookie` keeps a shared cache from giving one language's page for the other. A page the
 * server renders with its data goes out in two parts, without an ETag (serverRender.ts
 * streamPage); HEAD gets the skeleton page's headers, without rendering.
 *
 * An EIP-3091 wallet link (`/tx/…`, `/token/…`) gets a 301 to the explorer's page; a page
 * whose subject does not exist (`statusOf`, pageStatus.ts) gets the same page with 404, decided before
 * anything is sent (a landing page is still streamed: its screen says "not found" or "invalid" as the SPA's does).
 */
export async function sendSpaShell(
  req: FastifyRequest,
  reply: FastifyReply,
  shell: SpaShell,
  statusOf: (pathname: string) => Promise<number> = () => Promise.resolve(200),
): Promise<FastifyReply> {
  const [pathname = '/', query = ''] = req.url.split('#')[0]?.split('?') ?? [];
  const moved = walletLinkTarget(pathname, query);
  if (moved) return reply.redirect(moved, 301);
  const lang = shellLangOf(query, req.headers.cookie);
  const status = await statusOf(pathname);
  reply.code(status).header('cache-control', REVALIDATE_CACHE).header('vary', 'Cookie').type('text/html; charset=utf-8');
  const streamed = req.method === 'GET' ? shell.rendered(pathname, query, lang, apiGetFor(req.server, req)) : null;
  if (streamed) return reply.send(streamPage(streamed, pickEncoding(req.headers['accept-encoding']), reply));
  const page = shell.forPath(pathname, lang, query);
  reply.header('etag', page.etag);
  const inm = req.headers['if-none-match'];
  if (status === 200 && inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === page.etag)) return reply.code(304).send();
  return reply.send(page.html);
}
