/**
 * Issue #17, pages rendered with their data (server/api/serverRender.ts, SpaShell.forRequest):
 * which routes the server renders, what the page holds (the rendered #root, the state as JSON
 * that cannot close its element, no preload of the data it already holds), every way back to
 * the skeleton page (no renderer, a renderer that answers null or throws, an unsafe URL value),
 * and the page streamed: its head out (through the compressor) before the rest is rendered.
 * With a stand-in renderer over a minimal build; the real renderer runs in tests/e2e/serverRender.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../common/api/paths';
import { SERVER_STATE_ID } from '../../../common/routeSkeleton';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { streamPage, withRenderedRoot, type ApiGet, type PageRenderer, type StreamedPage } from '../../../server/api/serverRender';
import { SpaShell } from '../../../server/api/spaShell';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Ruby Explorer</title>
  </head>
  <body>
    <div id="root"><div class="app"><header>shell</header><main id="main"><div class="loading">Loading...</div></main></div></div>
  </body>
</html>
`;
let dist = '';
const get: ApiGet = () => Promise.resolve({ status: 200, body: '{}' });

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-render-'));
  fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

function stateOf(html: string): unknown {
  const m = new RegExp(`<script type="application/json" id="${SERVER_STATE_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!m?.[1]) throw new Error('no state element');
  return JSON.parse(m[1]);
}

describe('withRenderedRoot', () => {
  it('puts the rendered page in #root and its state after it, as JSON that cannot end the element', () => {
    const nasty = '</script><script>alert(1)</script><!--';
    const html = withRenderedRoot(TEMPLATE, { html: '<p>rendered</p>', state: [{ endpointName: 'a', arg: nasty, value: nasty }] });
    expect(html).toContain('<div id="root"><p>rendered</p></div>');
    expect(html).not.toContain('shell');
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(stateOf(html)).toEqual([{ endpointName: 'a', arg: nasty, value: nasty }]);
    expect(html.indexOf(`id="${SERVER_STATE_ID}"`)).toBeLessThan(html.indexOf('</body>'));
  });

  it('refuses a page without #root', () => {
    expect(() => withRenderedRoot('<html><body></body></html>', { html: '', state: {} })).toThrow(/#root/);
  });
});

async function whole(page: StreamedPage | null): Promise<string> {
  if (!page) throw new Error('not rendered');
  return page.head + (await page.body);
}

describe('SpaShell.rendered', () => {
  const rendered: PageRenderer = (url) =>
    Promise.resolve({ html: `<main>data of ${url}</main>`, state: [{ endpointName: 'e', arg: url, value: 1 }] });

  it.each([
    ['/', ''],
    ['/block/12', 'tab=1'],
    ['/Block/12', ''],
    ['/transaction/0xab', ''],
    ['/address/rAbC', 'page=2'],
  ])('renders %s with its data and the answers it used, the head first, with no data preloads', async (pathname, search) => {
    const render = vi.fn(rendered);
    const page = new SpaShell(dist, render).rendered(pathname, search, 'en', get);
    const url = search ? `${pathname}?${search}` : pathname;
    expect(render).toHaveBeenCalledWith(url, 'en', get);
    expect(page?.head).toMatch(/<title>[^<]+\| Ruby Explorer<\/title>[\s\S]*<body>\s*(<!--[^>]*-->)?\s*$/);
    const html = await whole(page);
    expect(html).toContain(`<div id="root"><main>data of ${url}</main></div>`);
    expect(stateOf(html)).toEqual([{ endpointName: 'e', arg: url, value: 1 }]);
    expect(html).not.toContain('as="fetch"');
    expect(html).not.toContain('Loading...');
  });

  it.each(['/tokens', '/allblock', '/block/12/x', '/Api'])('does not render %s (the skeleton page, as before)', (pathname) => {
    const render = vi.fn(rendered);
    expect(new SpaShell(dist, render).rendered(pathname, '', 'en', get)).toBeNull();
    expect(render).not.toHaveBeenCalled();
  });

  it('never hands an unsafe value from the URL to the renderer', () => {
    const render = vi.fn(rendered);
    expect(new SpaShell(dist, render).rendered('/block/%3Cscript%3E', '', 'en', get)).toBeNull();
    expect(render).not.toHaveBeenCalled();
  });

  it('renders nothing without a renderer (not built): the skeleton page', () => {
    expect(new SpaShell(dist, null).rendered('/block/12', '', 'en', get)).toBeNull();
  });

  it.each([
    ['cannot render the page (null)', (() => Promise.resolve(null)) as PageRenderer],
    ['throws', (() => Promise.reject(new Error('window is not defined'))) as PageRenderer],
  ])('after a head already sent, a renderer that %s gives the skeleton page with its data preloads', async (_what, render) => {
    const shell = new SpaShell(dist, render);
    const page = shell.rendered('/block/12', '', 'en', get);
    const html = await whole(page);
    const skeleton = shell.forPath('/block/12', 'en').html;
    // The same page as the skeleton's but for where its data preloads are (in the body).
    expect(html.slice(html.indexOf('<div id="root">'))).toBe(skeleton.slice(skeleton.indexOf('<div id="root">')));
    expect(html).toContain('Loading...');
    expect(html.slice(html.indexOf('<body>'))).toContain(`<link rel="preload" as="fetch" crossorigin href="${apiPaths.block(12)}">`);
    expect(html).not.toContain(SERVER_STATE_ID);
  });
});

describe('streamPage', () => {
  it('ends the stream with an error, not the process, when the rest cannot be made', async () => {
    const reply = { header: () => reply } as unknown as FastifyReply;
    const out = streamPage({ head: '<html>', body: Promise.reject(new Error('no rest')) }, null, reply);
    const failed = await new Promise<Error>((resolve) => out.on('error', resolve).resume());
    expect(failed.message).toBe('no rest');
  });

  it.each(['br', 'gzip', null] as const)('sends the head at once (%s) and the rest when the page has rendered', async (encoding) => {
    let finish: (rest: string) => void = () => {};
    const body = new Promise<string>((resolve) => (finish = resolve));
    const headers: Record<string, string> = {};
    const reply = { header: (k: string, v: string) => ((headers[k] = v), reply) } as unknown as FastifyReply;
    const out = streamPage({ head: '<html><head></head><body>', body }, encoding, reply);
    const inflate = encoding === 'br' ? zlib.createBrotliDecompress() : encoding === 'gzip' ? zlib.createGunzip() : new PassThrough();
    let text = '';
    out.pipe(inflate).on('data', (c: Buffer) => (text += c.toString('utf8')));
    await vi.waitFor(() => expect(text).toBe('<html><head></head><body>'));
    finish('<div id="root">page</div></body></html>');
    await new Promise((resolve) => inflate.on('end', resolve));
    expect(text).toBe('<html><head></head><body><div id="root">page</div></body></html>');
    expect(headers['content-encoding']).toBe(encoding ?? undefined);
    expect(headers.vary).toBe('Cookie, Accept-Encoding');
    expect(headers['x-accel-buffering']).toBe('no');
  });
});
