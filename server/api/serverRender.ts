/**
 * Landing pages rendered with their data (the data painted before the JavaScript).
 * The renderer is the SPA's own code (src/app/shell/renderPage.tsx), built for Node by
 * vite.config.ts into `<dist>-ssr/renderPage.js`; without that build the server sends the
 * skeleton pages as before. Its API calls go to this server in-process (fastify's inject), as
 * the visitor's own: from the visitor's address (the same rate limits), without their login
 * (what is rendered is public), never compressed.
 *
 * The page: #root holds the rendered screen, and a `<script type="application/json">` (never
 * run, so the CSP has nothing to allow) the API state it was rendered from, every `<` escaped so
 * the JSON cannot close the element.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../common/api/paths';
import { SERVER_STATE_ID } from '../../common/routeSkeleton';
import type { ShellLang } from '../../common/routeSkeleton';
import type { Encoding } from './compression';

/** GET of an API path (after /api): status and body text. */
export type ApiGet = (apiPath: string) => Promise<{ status: number; body: string }>;

/** Renders the page at `url` (path and query) in a language; null when it cannot with its data. */
export type PageRenderer = (url: string, lang: ShellLang, get: ApiGet) => Promise<RenderedRoot | null>;

export interface RenderedRoot {
  html: string;
  state: unknown;
}

interface RendererModule {
  renderPage: (input: { url: string; lang: ShellLang; get: ApiGet }) => Promise<RenderedRoot | null>;
}

/**
 * The built renderer beside `dist`, or null when it was not built. Loaded at the first page it
 * renders (React's server renderer and the screens: a server asked only for its API never loads them).
 */
export function loadPageRenderer(dist: string): PageRenderer | null {
  const file = path.join(`${dist}-ssr`, 'renderPage.js');
  if (!fs.existsSync(file)) return null;
  let mod: Promise<RendererModule> | null = null;
  return async (url, lang, get) => {
    mod ??= import(pathToFileURL(file).href) as Promise<RendererModule>;
    return (await mod).renderPage({ url, lang, get });
  };
}

/** The request's visitor asking this server's API: same address, no credentials, no compression. */
export function apiGetFor(app: FastifyInstance, req: FastifyRequest): ApiGet {
  return async (apiPath) => {
    const res = await app.inject({ method: 'GET', url: `${API_PREFIX}${apiPath}`, remoteAddress: req.ip });
    return { status: res.statusCode, body: res.body };
  };
}

const ROOT_OPEN = '<div id="root">';

/** A page sent in two parts: the head at once, the rest when the screen has rendered. */
export interface StreamedPage {
  /** Everything before #root. */
  head: string;
  /** #root and after; never rejects. */
  body: Promise<string>;
}

/** Where #root starts in a page; -1 when it has none. */
export function rootStart(html: string): number {
  return html.indexOf(ROOT_OPEN);
}

/**
 * The page as a stream: its head written (and flushed through the compressor) at once, the rest
 * when it has rendered. Compressed here as the client asks (brotli 4 / gzip 4: the page's text
 * repeats, and a streamed page is not one the onSend hook compresses); no ETag, as the validator
 * would have to come before the data it depends on (the page is `no-cache` and always fresh).
 */
export function streamPage(page: StreamedPage, encoding: Encoding | null, reply: FastifyReply): Readable {
  const out =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : encoding === 'gzip'
        ? zlib.createGzip({ level: 4 })
        : new PassThrough();
  if (encoding) reply.header('content-encoding', encoding);
  reply.header('vary', 'Cookie, Accept-Encoding');
  // Behind nginx (deploy/nginx): pass the head on at once rather than buffering the response.
  reply.header('x-accel-buffering', 'no');
  out.write(page.head);
  if (out instanceof zlib.BrotliCompress || out instanceof zlib.Gzip) out.flush();
  page.body.then(
    (rest) => {
      if (!out.destroyed) out.end(rest); // the visitor may have gone
    },
    (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return out;
}

/** index.html (with its head already filled) with #root replaced by the rendered page and its state. */
export function withRenderedRoot(html: string, page: RenderedRoot): string {
  const start = html.indexOf(ROOT_OPEN);
  const body = html.lastIndexOf('</body>');
  const end = html.lastIndexOf('</div>', body);
  if (start < 0 || body < 0 || end < start) throw new Error('index.html has no #root before </body>');
  const json = JSON.stringify(page.state).replace(/</g, '\\u003c');
  return (
    html.slice(0, start + ROOT_OPEN.length) +
    page.html +
    html.slice(end, body) +
    `<script type="application/json" id="${SERVER_STATE_ID}">${json}</script>\n  ` +
    html.slice(body)
  );
}
