/**
 * The Content-Security-Policy in Debian's chromium (issue 16):
 * - the CSP watcher every launchBrowser() context carries does see violations (a page of a
 *   throw-away server with an inline script, an inline style attribute and an eval), so the other
 *   browser tests' "no console error" checks really cover CSP;
 * - the real product under its own headers: the home page loads, socket.io upgrades to a
 *   WebSocket on the same origin (connect-src 'self' covers ws:), live events arrive over it,
 *   a clipboard write is allowed (Permissions-Policy clipboard-write=(self)), and nothing is
 *   refused: no violation, no console error (an unknown Permissions-Policy feature is one).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchBrowser, waitForData } from '../helpers/browser';
import { startProduct, type Product } from '../helpers/product';

let browser: Browser | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('the CSP watcher of launchBrowser()', () => {
  let server: http.Server | null = null;
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('reports inline scripts, inline style attributes and eval as console errors', async () => {
    server = http.createServer((req, res) => {
      const csp = "default-src 'self'; script-src 'self'; style-src 'self'";
      if (req.url === '/eval.js') {
        // An allowed external script that tries eval (as a library needing 'unsafe-eval' would).
        res.writeHead(200, { 'content-type': 'text/javascript', 'content-security-policy': csp });
        res.end('try { window.evalResult = eval("1 + 1"); } catch (e) { window.evalResult = e.name; }');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp });
      res.end(
        '<!doctype html><html><body><div style="color: red">x</div><script>window.inlineRan = true;</script><script src="/eval.js"></script></body></html>',
      );
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const context = await browser!.newContext();
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(`http://127.0.0.1:${port}/`);
      expect(await page.evaluate('window.evalResult')).toBe('EvalError');
      expect(await page.evaluate('window.inlineRan === true')).toBe(false);
      await expect.poll(async () => (await cspViolations(page)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      const seen = (await cspViolations(page)).join('\n');
      expect(seen).toMatch(/CSP violation: script-src-elem blocked inline/);
      expect(seen).toMatch(/CSP violation: style-src-attr blocked inline/);
      expect(seen).toMatch(/CSP violation: script-src blocked eval/);
      expect(errors.filter((e) => e.startsWith('CSP violation: ')).length).toBeGreaterThanOrEqual(3);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('the product under its CSP', () => {
  let product: Product | null = null;
  beforeAll(async () => {
    product = await startProduct({ label: 'csp', waitForTraffic: false, minIndexedBlock: 2 });
  }, 300_000);
  afterAll(async () => {
    await product?.stop();
  }, 60_000);

  it('loads home, upgrades socket.io to a same-origin WebSocket, may write the clipboard, and nothing is refused', async () => {
    const context = await browser!.newContext({ permissions: ['clipboard-write', 'clipboard-read'] });
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      const sockets: WebSocket[] = [];
      const frames: string[] = [];
      page.on('websocket', (ws) => {
        sockets.push(ws);
        ws.on('framereceived', (f) => frames.push(typeof f.payload === 'string' ? f.payload : '(binary)'));
      });
      const res = await page.goto(product!.url, { waitUntil: 'load' });
      const csp = (await res?.allHeaders())?.['content-security-policy'] ?? '';
      expect(csp.split(';')).toEqual(expect.arrayContaining(["script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]));
      await waitForData(page, { timeoutMs: 60_000 });

      // Engine.io messages over the WebSocket: '42[…]' is a socket.io event (a new block each second).
      await expect.poll(() => frames.some((f) => f.startsWith('42')), { timeout: 60_000 }).toBe(true);
      const origin = new URL(product!.url);
      expect(sockets.map((ws) => new URL(ws.url()).host)).toContain(origin.host);
      expect(sockets[0]?.url()).toMatch(/^ws:\/\/.*\/socket\.io\/.*transport=websocket/);

      // The copy buttons' path: allowed by Permissions-Policy clipboard-write=(self).
      await page.bringToFront();
      expect(await page.evaluate('navigator.clipboard.writeText("0xabc").then(() => "ok", (e) => String(e))')).toBe('ok');
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe('0xabc');
      // What the Permissions-Policy denies is denied (document.featurePolicy: Chromium's view of it).
      expect(
        await page.evaluate(
          'document.featurePolicy ? ["camera", "geolocation", "payment", "usb"].filter((f) => document.featurePolicy.allowsFeature(f)) : "no featurePolicy"',
        ),
      ).toEqual([]);

      expect(await cspViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
