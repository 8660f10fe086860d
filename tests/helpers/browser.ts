/**
 * Debian's chromium driven by playwright-core (no browser download), with helpers to visit a
 * route at desktop or mobile width, wait for its data, save a screenshot and run axe-core.
 *
 * Invariants:
 * - Nothing is allow-listed: every console error, uncaught page error, failed request and HTTP
 *   answer >= 400 seen during a visit is a problem the test reports.
 * - Each visit gets its own browser context (no storage shared between routes).
 * - Every context of a browser from launchBrowser() watches for Content-Security-Policy
 *   violations (the `securitypolicyviolation` DOM event) and logs each as a console error, so
 *   every test that fails on console errors (visit()'s problems, the wallet and API-key tests'
 *   own listeners) fails on a CSP violation too, with its directive, blocked URL and source.
 * - The flags keep chromium off the network except for the product itself (CI has no outside
 *   network). Playwright's launch() gives chromium a fresh --user-data-dir of its own (a mkdtemp
 *   folder it deletes on close) and refuses one in `args`, so there is none below.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { EMPTY_TEXTS } from '../../common/spec';
import { REPO_ROOT } from './product';

export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** Screenshots go here (screenshots/ is ignored by git). */
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'screenshots');

/** Where Debian's chromium package puts the browser: `command -v chromium`. */
export function chromiumPath(): string {
  let found = '';
  try {
    found = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    // not on PATH
  }
  if (!found || found.startsWith('/snap/')) {
    throw new Error(
      `Debian's chromium is not installed (command -v chromium: ${found || 'nothing'}). ` +
        'Install it with `apt-get install -y chromium` (.ci/run does that on CI).',
    );
  }
  return found;
}

/** The window array the CSP watcher fills, one line per violation. */
export const CSP_VIOLATIONS_KEY = '__cspViolations';

/**
 * Runs in every page before its own scripts. A string, not a function: the test transpiler may
 * add helpers a serialized function lacks. Chromium logs its own "Refused to …" line as well; this
 * one names the directive and source, and also catches report-only violations.
 */
const CSP_WATCH_SCRIPT = `(() => {
  const seen = (window[${JSON.stringify(CSP_VIOLATIONS_KEY)}] = []);
  document.addEventListener('securitypolicyviolation', (e) => {
    const line = 'CSP violation: ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || '(inline)') +
      ' at ' + (e.sourceFile || document.location.href) + ':' + e.lineNumber +
      (e.sample ? ' sample: ' + e.sample.slice(0, 80) : '') + (e.disposition === 'report' ? ' (report-only)' : '');
    seen.push(line);
    console.error(line);
  }, true);
})();`;

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_FLAGS], timeout: 60_000 });
  // Every context, whoever creates it (browser.newPage() goes through newContext too).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(CSP_WATCH_SCRIPT);
    return context;
  };
  return browser;
}

/** The CSP violations the page has seen since it last loaded. */
export async function cspViolations(page: Page): Promise<string[]> {
  return (await page.evaluate(`window[${JSON.stringify(CSP_VIOLATIONS_KEY)}] || []`)) as string[];
}

export interface VisitOptions {
  viewport: ViewportName;
  /** Wait for this selector (visible) as the sign that data has arrived, besides the defaults. */
  waitFor?: string;
  /** Budget for the page to settle. Default 20 s. */
  timeoutMs?: number;
}

export interface Visit {
  page: Page;
  context: BrowserContext;
  /** The URL visited. */
  url: string;
  /** Console errors, page errors, failed requests and HTTP errors so far, one line each. */
  problems: string[];
  close(): Promise<void>;
}

/** Opens `route` of `baseUrl` in a fresh context at the given width and waits for its data. */
export async function visit(browser: Browser, baseUrl: string, route: string, opts: VisitOptions): Promise<Visit> {
  const mobile = opts.viewport === 'mobile';
  const context = await browser.newContext({
    viewport: VIEWPORTS[opts.viewport],
    deviceScaleFactor: 1,
    isMobile: mobile,
    hasTouch: mobile,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const loc = msg.location();
    problems.push(`console error: ${msg.text()}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) =>
    problems.push(`request failed: ${req.method()} ${req.url()}: ${req.failure()?.errorText ?? 'unknown'}`),
  );
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  page.on('crash', () => problems.push('page crashed'));

  const url = new URL(route, baseUrl).toString();
  const result: Visit = { page, context, url, problems, close: () => context.close() };
  try {
    const res = await page.goto(url, { waitUntil: 'load', timeout: opts.timeoutMs ?? 20_000 });
    if (!res) problems.push(`no response for ${url}`);
    await waitForData(page, { selector: opts.waitFor, timeoutMs: opts.timeoutMs ?? 20_000, problems });
  } catch (err) {
    problems.push(`visit ${route}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
  return result;
}

/**
 * Waits until the route has rendered its heading, the network has been quiet for 500 ms
 * (tolerated to time out: a realtime connection may keep it busy) and no 'Loading...' or
 * aria-busy box is left in the main area (not tolerated: a screen stuck loading is a failure).
 */
export async function waitForData(page: Page, opts: { selector?: string; timeoutMs?: number; problems?: string[] } = {}): Promise<void> {
  const timeout = opts.timeoutMs ?? 20_000;
  const report = (msg: string) => {
    if (opts.problems) opts.problems.push(msg);
    else throw new Error(msg);
  };
  try {
    await page.locator('main h1').first().waitFor({ state: 'visible', timeout });
  } catch {
    report(`no heading (main h1) within ${timeout} ms`);
    return;
  }
  await page.waitForLoadState('networkidle', { timeout: Math.min(timeout, 10_000) }).catch(() => undefined);
  if (opts.selector) {
    try {
      await page.locator(opts.selector).first().waitFor({ state: 'visible', timeout });
    } catch {
      report(`${opts.selector} not visible within ${timeout} ms`);
    }
  }
  try {
    await page.waitForFunction(
      (loading) => {
        const main = document.querySelector('main');
        if (!main) return false;
        return main.querySelector('[aria-busy="true"]') === null && !(main.textContent ?? '').includes(loading);
      },
      EMPTY_TEXTS.loading,
      { timeout },
    );
  } catch {
    report(`still '${EMPTY_TEXTS.loading}' after ${timeout} ms`);
  }
}

/** Saves a full-page screenshot to screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/**
 * The page must not scroll sideways. Returns one failure naming the innermost elements whose
 * content is wider than their box or that stick out of the window (fixed elements aside: mobile
 * emulation places them against the widened layout viewport), or nothing.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return null;
    const flagged = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      const style = getComputedStyle(el);
      if (style.position === 'fixed') return false;
      const tooWide = el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && style.overflowX === 'visible';
      return tooWide || el.getBoundingClientRect().right > width + 1;
    });
    const innermost = flagged.filter((el) => !flagged.some((other) => other !== el && el.contains(other)));
    const culprits = innermost.slice(0, 3).map((el) => {
      const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `<${el.tagName.toLowerCase()}${cls}> '${(el.textContent ?? '').trim().slice(0, 40)}'`;
    });
    return { width, scrollWidth, culprits };
  });
  if (!found) return [];
  return [
    `layout: page is ${found.scrollWidth}px wide in a ${found.width}px window (scrolls sideways); too wide: ${found.culprits.join(', ')}`,
  ];
}

// ---------------------------------------------------------------------------------------------
// Accessibility

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

/** Runs axe-core on the page; returns the violations of the given impacts (serious and critical by default). */
export async function axeViolations(page: Page, impacts: readonly string[] = BLOCKING_IMPACTS): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, not added as an inline <script>: the product's CSP
  // (script-src 'self') rightly refuses inline scripts, and bypassCSP would hide real violations.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(`${fs.readFileSync(AXE_SOURCE, 'utf8')}\n;0`);
  // A string, not a function: the test transpiler may add helpers a serialized function lacks.
  const violations = (await page.evaluate(`
    window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 200), summary: n.failureSummary || '' })),
    })))
  `)) as AxeViolation[];
  return violations.filter((v) => v.impact !== null && impacts.includes(v.impact));
}

export function formatViolations(violations: AxeViolation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `axe ${v.impact} ${v.id}: ${v.help} at ${n.target} ${n.html} ${n.summary.replace(/\s+/g, ' ')}`),
  );
}
