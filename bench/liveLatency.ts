/**
 * Live-block latency (issue #17): how long after a block is mined it shows on the home page.
 *
 * The bench subscribes to the node's newHeads itself (server/chain/headSubscription.ts), so each
 * block's "mined" time is when the node announced it (on loopback within a millisecond of
 * mining). The home page runs in chromium (unthrottled, 1366×900) with a MutationObserver that
 * notes, for each block link `/Block/{n}` appearing in main, the wall-clock time of the next
 * animation frame (the frame that shows it). Both clocks are this machine's. Blocks mined in the
 * last 3 s of the window are left out (they may still be on their way); a block mined in the
 * window and never shown is counted as skipped. A socket.io client in the bench process also
 * asks for the latest blocks, so the server's part (mined → push received) is told apart from
 * the browser's; and the product process's CPU per block (/proc) is read over the window.
 */
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { HeadSubscription } from '../server/chain/headSubscription';
import { wsTwin } from '../server/chain/wsProbe';
import { io as connectSocket } from 'socket.io-client';
import { SOCKET_PATH, type BlockUpdate } from '../common/api/socket';

export interface LiveLatency {
  blocks: number;
  skipped: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** CPU ms per mined block of the product's process over the window (all threads / main thread only), when its pid is known. */
  cpuPerBlockMs?: { process: number; mainThread: number };
  /** Mined → the getblock push with the block on top reaching a socket.io client in the bench process (the server's part). */
  pushMedianMs: number;
  pushP95Ms: number;
}

/** utime + stime in ms of /proc/<pid>/stat (a process, or a thread under /proc/<pid>/task/<tid>/stat). */
function cpuMs(statPath: string): number {
  try {
    const text = fs.readFileSync(statPath, 'utf8');
    // Fields after the command (in parentheses, which may hold spaces): utime is the 14th field, stime the 15th.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return ((Number(rest[11]) + Number(rest[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
/** Linux's USER_HZ, the unit of /proc's CPU times (100 on every current kernel). */
const CLOCK_TICKS = 100;

const OBSERVER = `(() => {
  const w = window;
  w.__seen = {};
  const scan = () => {
    const now = Date.now();
    for (const a of document.querySelectorAll('main a[href^="/Block/"]')) {
      const n = Number((a.getAttribute('href') || '').slice(7));
      if (Number.isInteger(n) && w.__seen[n] === undefined) {
        w.__seen[n] = now;
        requestAnimationFrame(() => { w.__seen[n] = Date.now(); });
      }
    }
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}

export async function measureLiveLatency(
  browser: Browser,
  appUrl: string,
  rpcUrl: string,
  seconds: number,
  productPid?: number,
): Promise<LiveLatency> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const mined = new Map<number, number>();
  const heads = new HeadSubscription({ url: wsTwin(rpcUrl), onHead: (n) => mined.set(n, Date.now()) });
  // The server's part of the path: when the push with each block on top reaches a plain client.
  const pushed = new Map<number, number>();
  const socket = connectSocket(appUrl, { path: SOCKET_PATH, transports: ['websocket'] });
  socket.on('getblock-update', (p: BlockUpdate) => {
    const n = p.blockdata[0]?.blockNumber;
    if (n !== undefined && !pushed.has(n)) pushed.set(n, Date.now());
  });
  socket.on('connect', () => socket.emit('getblock'));
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVER);
    await page.goto(appUrl, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForSelector('main a[href^="/Block/"]', { timeout: 60_000 });
    heads.start();
    // Heads from here on; the page is live (its socket has had its first push).
    await page.waitForTimeout(2_000);
    const start = Date.now();
    const cpu = () =>
      productPid ? { process: cpuMs(`/proc/${productPid}/stat`), main: cpuMs(`/proc/${productPid}/task/${productPid}/stat`) } : null;
    const cpuStart = cpu();
    await page.waitForTimeout(seconds * 1000);
    const cpuEnd = cpu();
    const minedInWindow = [...mined.values()].filter((at) => at >= start).length;
    const end = Date.now() - 3_000;
    await page.waitForTimeout(2_000);
    const seen = (await page.evaluate('window.__seen')) as Record<string, number>;
    const lags: number[] = [];
    const pushLags: number[] = [];
    let skipped = 0;
    for (const [n, at] of mined) {
      if (at < start || at > end) continue;
      const p = pushed.get(n);
      if (p !== undefined) pushLags.push(Math.max(0, p - at));
      const shown = seen[String(n)];
      if (shown === undefined) skipped++;
      else lags.push(Math.max(0, shown - at));
    }
    return {
      blocks: lags.length + skipped,
      skipped,
      medianMs: percentile(lags, 50),
      p95Ms: percentile(lags, 95),
      maxMs: lags.length ? Math.max(...lags) : NaN,
      pushMedianMs: percentile(pushLags, 50),
      pushP95Ms: percentile(pushLags, 95),
      cpuPerBlockMs:
        cpuStart && cpuEnd && minedInWindow > 0
          ? { process: (cpuEnd.process - cpuStart.process) / minedInWindow, mainThread: (cpuEnd.main - cpuStart.main) / minedInWindow }
          : undefined,
    };
  } finally {
    socket.disconnect();
    heads.stop();
    await context.close();
  }
}
