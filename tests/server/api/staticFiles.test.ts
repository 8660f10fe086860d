/**
 * Issue #17: the built SPA is precompressed and cached, its index.html carries the page shell,
 * and the API's JSON is compressed above COMPRESS_THRESHOLD_BYTES. Against the real build
 * (`vite build`, reused when dist/ is up to date), a real devnet and PGlite.
 */
import { TEST_MNEMONIC } from '../../helpers/devKeys';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_NAME, FOOTER, HEADER_LINKS, PAGE_SIZE } from '../../../common/spec';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { LocalBus } from '../../../server/events';
import type { IndexerStatus } from '../../../server/indexer/indexer';
import { COMPRESS_THRESHOLD_BYTES, pickEncoding } from '../../../server/api/compression';
import { buildApi } from '../../../server/api/server';
import { SpaShell } from '../../../server/api/spaShell';
import { SERVER_STATE_ID } from '../../../common/routeSkeleton';
import { IMMUTABLE_CACHE } from '../../../server/api/staticFiles';
import type { Api } from '../../../server/core/context';
import { openTestDatabase } from '../../helpers/db';
import { ensureDistBuilt } from '../../helpers/distBuild';
import { REPO_ROOT } from '../../helpers/product';
import { apiPaths } from '../../../common/api/paths';

const DIST = path.join(REPO_ROOT, 'dist');
let dir = '';
let devnet: Devnet | null = null;
let db: Database | null = null;
let app: Api | null = null;

beforeAll(async () => {
  ensureDistBuilt();
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ruby-static-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0 });
  db = await openTestDatabase('pglite');
  const config = loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: devnet.url });
  const indexerStatus = (): IndexerStatus => ({ head: 0, indexedBlock: null, percent: 0, catchingUp: false });
  ({ app } = await buildApi({ config, db, bus: new LocalBus(), rpcUrl: devnet.url, indexerStatus, log: () => {}, distDir: DIST }));
  await app.ready();
}, 300_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  await devnet?.stop();
  if (dir) await fsp.rm(dir, { recursive: true, force: true });
}, 60_000);

function builtJs(): string {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const src = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html has no entry script');
  return src;
}

describe('the build', () => {
  it('writes a .br and a .gz beside every JS, CSS and HTML file, each inflating to the file', () => {
    const files = fs
      .readdirSync(path.join(DIST, 'assets'))
      .filter((f) => /\.(js|css)$/.test(f))
      .map((f) => path.join(DIST, 'assets', f));
    files.push(path.join(DIST, 'index.html'));
    const big = files.filter((f) => fs.statSync(f).size >= 512);
    expect(big.length).toBeGreaterThan(10);
    for (const f of big) {
      const raw = fs.readFileSync(f);
      expect(brotliDecompressSync(fs.readFileSync(`${f}.br`)).equals(raw), `${f}.br`).toBe(true);
      expect(gunzipSync(fs.readFileSync(`${f}.gz`)).equals(raw), `${f}.gz`).toBe(true);
    }
  });

  it('puts the page shell (header, navigation, footer, a Loading main) in index.html, with no style attribute', () => {
    const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<header class="site-header">');
    expect(root).toContain(`<span>${APP_NAME}</span>`);
    for (const link of HEADER_LINKS) expect(root).toContain(`>${link.label.replace('&', '&amp;')}</a>`);
    expect(root).toContain('<footer class="site-footer">');
    expect(root).toContain(FOOTER.terms);
    expect(root).toMatch(/<main id="main"[^>]*>.*aria-busy="true"/s);
    // The CSP (style-src 'self') would drop inline styles, and the layout would move.
    expect(root).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });
});

describe('static files', () => {
  it('sends a hashed JS asset brotli-compressed when asked, immutable for a year', async () => {
    const src = builtJs();
    const res = await app!.inject({ method: 'GET', url: src, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).equals(fs.readFileSync(path.join(DIST, src)))).toBe(true);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const src = builtJs();
    const gz = await app!.inject({ method: 'GET', url: src, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app!.inject({ method: 'GET', url: src, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(fs.readFileSync(path.join(DIST, src)))).toBe(true);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('streams a landing page (/address/r1234 rendered with its data, saying the address is not valid, 404): br, no-cache, no ETag', async () => {
    const res = await app!.inject({ method: 'GET', url: '/address/r1234', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404); // issue #38: a malformed address is no page
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(res.headers.etag).toBeUndefined();
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('<header class="site-header">');
    expect(html).toContain(`id="${SERVER_STATE_ID}"`);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it.each(['/index.html', '/allblock', '/tokens'])('revalidates the HTML of %s: no-cache, an ETag, 304 when unchanged', async (url) => {
    const res = await app!.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    const etag = res.headers.etag;
    expect(typeof etag).toBe('string');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('<header class="site-header">');
    const again = await app!.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('API compression', () => {
  it(`compresses JSON above ${COMPRESS_THRESHOLD_BYTES} bytes (br, else gzip) with Vary: Accept-Encoding`, async () => {
    const plain = await app!.inject({ method: 'GET', url: apiPaths.openapi() });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await app!.inject({ method: 'GET', url: apiPaths.openapi(), headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await app!.inject({ method: 'GET', url: apiPaths.openapi(), headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends small answers as they are', async () => {
    const res = await app!.inject({ method: 'GET', url: apiPaths.health(), headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: true });
  });

  it('answers an unknown API route with the JSON error, not the SPA', async () => {
    const res = await app!.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

describe('the build', () => {
  // A vendor grouping once pulled React's development build into dist (issue #17): slower, and
  // it logs to the console.
  it('is a production build: no React development code in any chunk', () => {
    const assets = path.join(DIST, 'assets');
    for (const f of fs.readdirSync(assets).filter((x) => x.endsWith('.js')))
      expect(fs.readFileSync(path.join(assets, f), 'utf8'), f).not.toContain('Download the React DevTools');
  });
});

describe('route preloads', () => {
  /** `status`: 404 for what this chain does not hold (issue #38), its page the same. */
  async function html(url: string, status = 200): Promise<string> {
    const res = await app!.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    return res.body;
  }

  it("preloads a block page's screen chunk and its first API call, beside the header's", async () => {
    const page = await html('/Block/12', 404);
    expect(page).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/BlockPage-[\w-]+\.js">/);
    expect(page).toContain(`<link rel="preload" as="fetch" crossorigin href="${apiPaths.block(12)}">`);
    expect(page).toContain(`<link rel="preload" as="fetch" crossorigin href="${apiPaths.rubyPrice()}">`);
    // Its confirmations' head and its withdrawals, asked on its first render / once the block is there.
    expect(page).toContain(`<link rel="preload" as="fetch" crossorigin href="${apiPaths.homeData()}">`);
    expect(page).toContain(`<link rel="preload" as="fetch" crossorigin href="${apiPaths.blockWithdrawals(12)}">`);
    // By hash, the number is not known: no withdrawals preload.
    expect(await html(`/block/0x${'ab'.repeat(32)}`, 404)).not.toContain('getblockwithdrawals');
    // Every preloaded chunk exists in the build.
    for (const m of page.matchAll(/rel="modulepreload" crossorigin href="\/(assets\/[^"]+)"/g))
      expect(fs.existsSync(path.join(DIST, m[1]!)), m[1]).toBe(true);
  });

  it('preloads the home screen on /', async () => {
    const page = await html('/');
    expect(page).toMatch(/href="\/assets\/HomePage-[\w-]+\.js"/);
    // The first screen's data in one call (issue #17), not the six separate ones.
    expect(page).toContain(`href="${apiPaths.homeScreen()}"`);
    expect(page).not.toContain(`href="${apiPaths.latestBlocks()}"`);
    // Its two lazily loaded charts come with the screen, not after its first render: the chart
    // components in one file and the chart libraries in another.
    expect(page).toMatch(/href="\/assets\/chart-views-[\w-]+\.js"/);
    expect(page).toMatch(/href="\/assets\/charts-[\w-]+\.js"/);
    // The name tags every route asks for (App.tsx), with the screen's data.
    expect(page).toContain(`href="${apiPaths.nameTags()}"`);
  });

  it("preloads every call of an address page's first render (the page the server cannot render)", async () => {
    const a = `0x${'12'.repeat(20)}`;
    // What the HTML holds when the server cannot render the page with its data.
    const page = new SpaShell(DIST).forPath(`/address/${a}`, 'en').html;
    const fetched = [...page.matchAll(/rel="preload" as="fetch" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    const first = { address: a, page: 1, size: PAGE_SIZE };
    expect(new Set(fetched)).toEqual(
      new Set([apiPaths.rubyPrice(), apiPaths.indexingStatus(), apiPaths.nameTags(), apiPaths.userTx(first), apiPaths.addressCounters(a)]),
    );
  });

  it('preloads the list view the URL asks for, its page and page size, as the screen reads them (issue #38, defect 19)', async () => {
    const shell = new SpaShell(DIST);
    const fetched = (url: string) => {
      const [pathname = '', search = ''] = url.split('?');
      return [...shell.forPath(pathname, 'en', search).html.matchAll(/rel="preload" as="fetch" crossorigin href="([^"]+)"/g)].map(
        (m) => m[1],
      );
    };
    const a = `0x${'12'.repeat(20)}`;
    const asked = fetched(`/address/${a}?page=50&ps=10`);
    expect(asked).toContain(apiPaths.userTx({ address: a, page: 50, size: 10 }));
    expect(asked).not.toContain(apiPaths.userTx({ address: a, page: 1, size: PAGE_SIZE }));
    // Under another tab the overview reads the first page; a size the list does not offer reads as its default.
    expect(fetched(`/address/${a}?tab=token-transfers&page=3`)).toContain(apiPaths.userTx({ address: a, page: 1, size: PAGE_SIZE }));
    expect(fetched(`/address/${a}?ps=7&page=x`)).toContain(apiPaths.userTx({ address: a, page: 1, size: PAGE_SIZE }));
    expect(fetched('/Allblock?page=3&ps=50')).toContain(apiPaths.blocks({ page: 3, size: 50 }));
    expect(fetched('/Alltransactions?page=2')).toContain(apiPaths.allTx({ page: 2, size: PAGE_SIZE }));
    // Through the server too.
    expect(await html('/Allblock?page=3&ps=50')).toContain(`href="${apiPaths.blocks({ page: 3, size: 50 })}"`);
  });

  it('puts no value from the URL into the HTML unless it is plain letters and digits', async () => {
    const page = await html('/address/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', 404);
    expect(page).not.toContain('as="fetch"');
    expect(page).not.toContain('alert(1)');
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['', null],
    [undefined, null],
  ] as const)('%s → %s', (header, want) => {
    expect(pickEncoding(header)).toBe(want);
  });
});
