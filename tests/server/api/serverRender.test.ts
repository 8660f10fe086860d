/**
 * Issue #17, pages rendered with their data (server/api/serverRender.ts, SpaShell.forRequest):
 * which routes the server renders, what the page holds (the rendered #root, the state as JSON
 * that cannot close its element, no preload of the data it already holds), and every way back to
 * the skeleton page (no renderer, a renderer that answers null or throws, an unsafe URL value).
 * With a stand-in renderer over a minimal build; the real renderer runs in tests/e2e/serverRender.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_STATE_ID } from '../../../common/routeSkeleton';
import { withRenderedRoot, type ApiGet, type PageRenderer } from '../../../server/api/serverRender';
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

describe('SpaShell.forRequest', () => {
  const rendered: PageRenderer = (url) => Promise.resolve({ html: `<main>data of ${url}</main>`, state: { url } });

  it.each([
    ['/', ''],
    ['/block/12', 'tab=1'],
    ['/Block/12', ''],
    ['/transaction/0xab', ''],
    ['/address/rAbC', 'page=2'],
  ])('renders %s with its data, its state and no data preloads', async (pathname, search) => {
    const render = vi.fn(rendered);
    const page = await new SpaShell(dist, render).forRequest(pathname, search, 'en', get);
    const url = search ? `${pathname}?${search}` : pathname;
    expect(render).toHaveBeenCalledWith(url, 'en', get);
    expect(page.html).toContain(`<main>data of ${url}</main>`);
    expect(stateOf(page.html)).toEqual({ url });
    expect(page.html).not.toContain('as="fetch"');
    expect(page.html).not.toContain('Loading...');
    expect(page.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('validates a rendered page by its data: the same data, the same tag (its times may differ); other data, another', async () => {
    let n = 0;
    let data = 'a';
    const render: PageRenderer = () =>
      Promise.resolve({ html: `<main>${(n += 1)}s ago</main>`, state: [{ endpointName: 'blockDetail', arg: '12', value: data }] });
    const shell = new SpaShell(dist, render);
    const first = await shell.forRequest('/block/12', '', 'en', get);
    const second = await shell.forRequest('/block/12', '', 'en', get);
    expect(second.html).not.toBe(first.html);
    expect(second.etag).toBe(first.etag);
    data = 'b';
    expect((await shell.forRequest('/block/12', '', 'en', get)).etag).not.toBe(first.etag);
    expect((await shell.forRequest('/block/13', '', 'en', get)).etag).not.toBe(first.etag);
  });

  it.each(['/tokens', '/allblock', '/block/12/x', '/Api'])('does not render %s (the skeleton page, as before)', async (pathname) => {
    const render = vi.fn(rendered);
    const shell = new SpaShell(dist, render);
    expect(await shell.forRequest(pathname, '', 'en', get)).toEqual(shell.forPath(pathname, 'en'));
    expect(render).not.toHaveBeenCalled();
  });

  it('never hands an unsafe value from the URL to the renderer', async () => {
    const render = vi.fn(rendered);
    const shell = new SpaShell(dist, render);
    const pathname = '/block/%3Cscript%3E';
    expect(await shell.forRequest(pathname, '', 'en', get)).toEqual(shell.forPath(pathname, 'en'));
    expect(render).not.toHaveBeenCalled();
  });

  it.each([
    ['no renderer (not built)', null],
    ['a renderer that cannot render the page (null)', (() => Promise.resolve(null)) as PageRenderer],
    ['a renderer that throws', (() => Promise.reject(new Error('window is not defined'))) as PageRenderer],
  ])('falls back to the skeleton page with %s', async (_what, render) => {
    const shell = new SpaShell(dist, render);
    const page = await shell.forRequest('/block/12', '', 'en', get);
    expect(page).toEqual(shell.forPath('/block/12', 'en'));
    expect(page.html).not.toContain(SERVER_STATE_ID);
  });
});
