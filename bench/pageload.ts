/**
 * Page-load benchmark: chromium (Debian's, through playwright-core) against the product started
 * as the e2e tests start it, on the home, block, transaction and address pages.
 *
 * Profiles: Lighthouse's mobile profile emulated through the DevTools protocol (150 ms round
 * trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower) at 390×844, cold cache (a fresh browser
 * context per run) and warm cache (one context primed once, then a new tab per run); and the
 * same pages unthrottled at 1366×900, cold. Per run: Largest Contentful Paint, Cumulative Layout
 * Shift, the time until the page's data is on screen, and the requests made until then.
 * Medians of BENCH_RUNS (default 5). Then the live latency: how long after mining each block
 * shows on the home page, over BENCH_LIVE_SECONDS (default 120; 0 skips it; liveLatency.ts).
 *
 *   npm run bench:pageload    (BENCH_RUNS, BENCH_PAGES=regex, BENCH_PROFILES=regex incl. 'live', BENCH_LIVE_SECONDS,
 *                              BENCH_REQUESTS=1 lists the first run's requests until the data)
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { EMPTY_TEXTS } from '../common/spec';
import { launchBrowser } from '../tests/helpers/browser';
import { startProduct } from '../tests/helpers/product';
import { realValues } from '../tests/helpers/realValues';
import { measureLiveLatency } from './liveLatency';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const onlyPages = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES, 'i') : null;
const onlyProfiles = process.env.BENCH_PROFILES ? new RegExp(process.env.BENCH_PROFILES, 'i') : null;
const liveSeconds = Number(process.env.BENCH_LIVE_SECONDS ?? 120);

interface Profile {
  name: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  throttle: boolean;
  warm: boolean;
}

const PROFILES: Profile[] = [
  { name: 'mobile, cold', viewport: { width: 390, height: 844 }, mobile: true, throttle: true, warm: false },
  { name: 'mobile, warm', viewport: { width: 390, height: 844 }, mobile: true, throttle: true, warm: true },
  { name: 'desktop unthrottled, cold', viewport: { width: 1366, height: 900 }, mobile: false, throttle: false, warm: false },
];

interface Sample {
  lcp: number;
  data: number;
  cls: number;
  requests: number;
  /** Each layout shift: when, its score, the elements that moved (BENCH_SHIFTS=1 prints them). */
  shifts: string[];
  /** The requests until the data, in order (BENCH_REQUESTS=1 prints them). */
  names: string[];
}

/**
 * Installed before any page script: records LCP and layout shifts, and the first moment the
 * page's data is on screen: a heading in main, nothing busy or 'Loading...' left in main, and the
 * page's own selector (when it has one) present. A string, so the transpiler adds no helpers.
 */
function probeScript(selector: string | null): string {
  return `(() => {
    const w = window;
    w.__lcp = 0; w.__cls = 0; w.__dataAt = undefined;
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__lcp = e.renderTime || e.loadTime || e.startTime; })
      .observe({ type: 'largest-contentful-paint', buffered: true });
    w.__shifts = [];
    const name = (n) => n && n.nodeType === 1 ? n.tagName.toLowerCase() + (n.className && typeof n.className === 'string' ? '.' + n.className.trim().split(/\\s+/).join('.') : '') : String(n && n.nodeName);
    new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) {
      w.__cls += e.value;
      w.__shifts.push(Math.round(e.startTime) + 'ms ' + e.value.toFixed(3) + ': ' + (e.sources || []).map((s) => name(s.node) + ' y ' + Math.round(s.previousRect.y) + '→' + Math.round(s.currentRect.y)).join(', '));
    } })
      .observe({ type: 'layout-shift', buffered: true });
    const sel = ${JSON.stringify(selector)};
    const ready = () => {
      const main = document.querySelector('main');
      if (!main || !main.querySelector('h1')) return false;
      if (main.querySelector('[aria-busy="true"]') || (main.textContent || '').includes(${JSON.stringify(EMPTY_TEXTS.loading)})) return false;
      return !sel || document.querySelector(sel) !== null;
    };
    const check = () => {
      if (w.__dataAt !== undefined || !ready()) return;
      // The frame that shows it: the next animation frame after the DOM change.
      w.__dataAt = performance.now();
      requestAnimationFrame(() => { w.__dataAt = performance.now(); });
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  })();`;
}

async function measure(context: BrowserContext, url: string, profile: Profile, selector: string | null): Promise<Sample> {
  const page = await context.newPage();
  try {
    if (profile.throttle) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    await page.addInitScript(probeScript(selector));
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    // Polled with evaluate (run over the DevTools protocol), not waitForFunction, whose string
    // predicate is an eval that the product's CSP (script-src 'self') refuses.
    for (let waited = 0; !(await page.evaluate('window.__dataAt !== undefined')); waited += 100) {
      if (waited > 60_000) throw new Error(`${url}: no data on screen after 60 s`);
      await page.waitForTimeout(100);
    }
    // LCP candidates stop with the data; give the last one time to be reported.
    await page.waitForTimeout(500);
    // The LCP entries as recorded (buffered): a main thread still busy may not have run the
    // probe's observer callback yet, which read 0 on some runs.
    await page.evaluate(`new Promise((done) => {
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = Math.max(window.__lcp, e.renderTime || e.loadTime || e.startTime); done(); })
        .observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(done, 2000);
    })`);
    return (await page.evaluate(`(() => {
      const w = window;
      const before = performance.getEntriesByType('resource').filter((e) => e.startTime <= w.__dataAt);
      const names = before.map((e) => Math.round(e.startTime) + 'ms ' + new URL(e.name).pathname);
      return { lcp: w.__lcp, data: w.__dataAt, cls: w.__cls, requests: 1 + before.length, shifts: w.__shifts, names };
    })()`)) as Sample;
  } finally {
    await page.close();
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

async function runProfile(browser: Browser, profile: Profile, url: string, selector: string | null): Promise<Sample[]> {
  const contextOptions = { viewport: profile.viewport, deviceScaleFactor: 1, isMobile: profile.mobile, hasTouch: profile.mobile };
  const samples: Sample[] = [];
  if (profile.warm) {
    const context = await browser.newContext(contextOptions);
    try {
      await measure(context, url, profile, selector); // primes the HTTP cache
      for (let i = 0; i < runs; i++) samples.push(await measure(context, url, profile, selector));
    } finally {
      await context.close();
    }
    return samples;
  }
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(contextOptions);
    try {
      samples.push(await measure(context, url, profile, selector));
    } finally {
      await context.close();
    }
  }
  return samples;
}

async function main(): Promise<void> {
  // INDEXER_NEW_HEADS=0 measures the live latency with the poll alone (the product's env is otherwise clean).
  const newHeads = process.env.INDEXER_NEW_HEADS;
  const product = await startProduct({ label: 'pageload', env: newHeads ? { INDEXER_NEW_HEADS: newHeads } : undefined });
  const browser = await launchBrowser();
  try {
    const v = await realValues(product);
    const pages: { name: string; path: string; selector: string | null }[] = [
      { name: 'home', path: '/', selector: 'main a[href^="/Block/"]' },
      { name: 'block', path: `/Block/${v.blockNumber}`, selector: null },
      { name: 'transaction', path: `/transaction/${v.txHash}`, selector: null },
      { name: 'address', path: `/address/${v.address}`, selector: null },
    ];
    const rows: string[] = [];
    for (const profile of PROFILES.filter((p) => !onlyProfiles || onlyProfiles.test(p.name))) {
      for (const p of pages.filter((x) => !onlyPages || onlyPages.test(x.name))) {
        const samples = await runProfile(browser, profile, new URL(p.path, product.url).toString(), p.selector);
        const ms = (xs: number[]) => Math.round(median(xs)).toLocaleString('en-US');
        const row = `| ${profile.name} | ${p.name} | ${ms(samples.map((s) => s.lcp))} | ${ms(samples.map((s) => s.data))} | ${median(samples.map((s) => s.cls)).toFixed(3)} | ${median(samples.map((s) => s.requests))} |`;
        if (process.env.BENCH_SHIFTS) for (const s of samples) console.log(`  ${p.name} CLS ${s.cls.toFixed(3)}: ${s.shifts.join(' | ')}`);
        if (process.env.BENCH_REQUESTS) console.log(`  ${p.name} requests until data:\n    ${samples[0]?.names.join('\n    ') ?? ''}`);
        console.log(`${row}   runs: ${samples.map((s) => `${Math.round(s.lcp)}/${Math.round(s.data)}`).join(' ')}`);
        rows.push(row);
      }
    }
    console.log(
      `\nmedian of ${runs} runs\n| profile | page | LCP ms | data on screen ms | CLS | requests until data |\n|---|---|---|---|---|---|\n${rows.join('\n')}`,
    );
    if (liveSeconds > 0 && (!onlyProfiles || onlyProfiles.test('live'))) {
      const live = await measureLiveLatency(browser, product.url, product.rpcUrl, liveSeconds, product.process.child.pid);
      console.log(
        `\nlive blocks on home over ${liveSeconds} s: ${live.blocks} blocks, ${live.skipped} skipped; ` +
          `mined → on screen median ${Math.round(live.medianMs)} ms, p95 ${Math.round(live.p95Ms)} ms, max ${Math.round(live.maxMs)} ms` +
          ` (the push reached a client in the bench: median ${Math.round(live.pushMedianMs)} ms, p95 ${Math.round(live.pushP95Ms)} ms)` +
          (live.cpuPerBlockMs
            ? `; product process CPU per block ${live.cpuPerBlockMs.process.toFixed(1)} ms (main thread: API, traffic ${live.cpuPerBlockMs.mainThread.toFixed(1)} ms)`
            : ''),
      );
    }
  } finally {
    await browser.close();
    await product.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
