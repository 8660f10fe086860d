/**
 * One page load profiled (issue #17): chromium under the mobile profile (or unthrottled), warm or
 * cold, with the DevTools CPU profiler on; prints the main thread's long tasks with their start,
 * the requests with their start and end, when the data showed, and the functions with the most
 * self time by script. For finding what holds the first screen back, not a benchmark.
 *
 *   npx tsx bench/profileLoad.ts [path] (PROFILE_WARM=1, PROFILE_FAST=1 for unthrottled 1366×900)
 */
import { launchBrowser } from '../tests/helpers/browser';
import { startProduct } from '../tests/helpers/product';
import { realValues } from '../tests/helpers/realValues';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

async function main(): Promise<void> {
  const product = await startProduct({ label: 'profile' });
  const browser = await launchBrowser();
  try {
    const v = await realValues(product);
    const arg = process.argv[2] ?? '/';
    const path = arg.replace('{address}', v.address).replace('{block}', String(v.blockNumber)).replace('{tx}', v.txHash);
    const fast = process.env.PROFILE_FAST === '1';
    const context = await browser.newContext(
      fast ? { viewport: { width: 1366, height: 900 } } : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    );
    const url = new URL(path, product.url).toString();
    const load = async (profile: boolean) => {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (!fast) {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: 209715,
          uploadThroughput: 96000,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      }
      await page.addInitScript(`(() => { window.__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
        window.__lcp = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push([Math.round(e.renderTime || e.startTime), e.element ? e.element.tagName + '.' + e.element.className : '?', e.size]); }).observe({ type: 'largest-contentful-paint', buffered: true });
        const ready = () => { const m = document.querySelector('main'); return m && m.querySelector('h1') && !m.querySelector('[aria-busy="true"]') && !(m.textContent || '').includes('Loading...'); };
        window.__busy = []; let last = '';
        new MutationObserver(() => { const m = document.querySelector('main'); if (m) { const b = [...m.querySelectorAll('[aria-busy="true"]')].map((e) => { const s = e.closest('section') || e; const h = s.querySelector('h2,h3,p'); return s.className.split(' ')[0] + (h ? '(' + (h.textContent || '').slice(0, 24) + ')' : ''); }).join(','); const l = (m.textContent || '').split('Loading...').length - 1; const k = b + ' L' + l; if (k !== last) { last = k; window.__busy.push(Math.round(performance.now()) + ' ' + k); } }
          if (window.__data === undefined && ready()) window.__data = Math.round(performance.now()); }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true }); })();`);
      if (profile) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.goto(url, { waitUntil: 'commit' });
      for (let i = 0; i < 300 && !(await page.evaluate('window.__data !== undefined')); i++) await page.waitForTimeout(100);
      await page.waitForTimeout(500);
      const out = (await page.evaluate(`({ data: window.__data, busy: window.__busy, long: window.__long, lcp: window.__lcp,
        res: performance.getEntriesByType('resource').map((e) => [Math.round(e.startTime), Math.round(e.responseEnd), new URL(e.name).pathname, e.transferSize]),
        paint: performance.getEntriesByType('paint').map((e) => e.name + ' ' + Math.round(e.startTime)).join(', '), nav: (() => { const n = performance.getEntriesByType('navigation')[0]; return [Math.round(n.responseStart), Math.round(n.responseEnd), Math.round(n.domInteractive), Math.round(n.domContentLoadedEventEnd), n.transferSize, n.encodedBodySize, n.decodedBodySize]; })() })`)) as {
        data: number;
        busy: string[];
        long: number[][];
        lcp: unknown[][];
        res: unknown[][];
        nav: number[];
      };
      console.log(`data on screen ${out.data} ms; navigation responseStart/End, domInteractive, DCL: ${out.nav.join(' / ')}`);
      console.log(`paint: ${(out as unknown as { paint: string }).paint}`);
      console.log(`busy in main: ${out.busy.join(' | ')}`);
      console.log(`LCP candidates: ${out.lcp.map((l) => l.join(' ')).join(' | ')}`);
      console.log(`long tasks (start, duration): ${out.long.map((l) => l.join('+')).join('  ')}`);
      for (const r of out.res) if ((r[0] as number) <= out.data + 200) console.log(`  ${r[0]}→${r[1]} ${r[2]} ${r[3]}B`);
      if (profile) {
        const { profile: p } = (await cdp.send('Profiler.stop')) as {
          profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
        };
        const byId = new Map(p.nodes.map((n) => [n.id, n]));
        const self = new Map<string, number>();
        p.samples.forEach((id, i) => {
          const f = byId.get(id)?.callFrame;
          const key = f ? `${f.functionName || '(anon)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}` : '?';
          self.set(key, (self.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
        });
        const byScript = new Map<string, number>();
        p.samples.forEach((id, i) => {
          const f = byId.get(id)?.callFrame;
          const key = f?.url ? (f.url.split('/').pop() ?? '') : `(${f?.functionName ?? '?'})`;
          byScript.set(key, (byScript.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
        });
        console.log(
          'self ms by script:',
          [...byScript]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 12)
            .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
            .join(', '),
        );
        // What ran, by 100 ms of the load: for each sample the innermost frame of our own code.
        const parent = new Map<number, number>();
        for (const n of p.nodes as (ProfileNode & { children?: number[] })[]) for (const c of n.children ?? []) parent.set(c, n.id);
        const ours = (id: number): string => {
          const chain: string[] = [];
          for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
            const f = byId.get(cur)?.callFrame;
            if (
              f &&
              /\/assets\/(app|shared|HomePage|AddressPage|BlockPage|TransactionPage|index|chart-views)/.test(f.url) &&
              f.functionName
            )
              chain.push(f.functionName);
            if (chain.length >= 3) break;
          }
          return chain.length ? chain.join('<') : byId.get(id)?.callFrame.functionName || '?';
        };
        let t = 0;
        const buckets = new Map<number, Map<string, number>>();
        p.samples.forEach((id, i) => {
          t += (p.timeDeltas[i] ?? 0) / 1000;
          const f = byId.get(id)?.callFrame.functionName;
          if (f === '(idle)') return;
          const b = Math.floor(t / 100) * 100;
          const m = buckets.get(b) ?? new Map<string, number>();
          const k = ours(id);
          m.set(k, (m.get(k) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
          buckets.set(b, m);
        });
        for (const [b, m] of buckets) {
          const total = [...m.values()].reduce((a, x) => a + x, 0);
          console.log(
            `  ${String(b).padStart(5)} ms: ${total.toFixed(0)} busy: ${[...m]
              .sort((a, c) => c[1] - a[1])
              .slice(0, 4)
              .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
              .join(' · ')}`,
          );
        }
        for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${ms.toFixed(1).padStart(7)} ${k}`);
      }
      await page.close();
    };
    if (process.env.PROFILE_WARM === '1') await load(false);
    await load(true);
  } finally {
    await browser.close();
    await product.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
