/**
 * A page of the Hindi flows (tests/e2e/flowsHindi.test.ts): its own browser context at phone or
 * desktop width, every route opened with `?lang=hi`, and a soft record of what went wrong: console
 * and page errors, HTTP answers >= 400 the step did not ask for, and the English left in each
 * dialog, form, toast or error checked (hindiCheck.ts). The record is asserted once at the end of
 * a flow, so one run names every English left rather than the first.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS, type ViewportName } from '../../helpers/browser';
import { englishIn } from '../hindiCheck';

export interface HiPage {
  page: Page;
  context: BrowserContext;
  /** Opens `route` of the product with ?lang=hi added. */
  go(route: string): Promise<void>;
  /** Records the English left in the first element matching `selector`, named by `step`. */
  check(step: string, selector: string): Promise<void>;
  /** HTTP answers the next steps ask for (a 400 for a bad key, a 401 for a wrong password). */
  expect(answer: RegExp): void;
  /** Every problem seen: English left, console errors, unexpected HTTP errors. */
  failures(): string[];
  close(): Promise<void>;
}

/** A dialog: the wallet's modals (role="dialog") and the palette (a modal <dialog>). */
export const DIALOG = 'dialog[open], [role="dialog"]';

export function withLang(route: string, lang: 'hi' | 'en' = 'hi'): string {
  const url = new URL(route, 'http://x');
  url.searchParams.set('lang', lang);
  return `${url.pathname}${url.search}${url.hash}`;
}

export async function openHindi(
  browser: Browser,
  baseUrl: string,
  viewport: ViewportName,
  opts: { clipboard?: boolean } = {},
): Promise<HiPage> {
  const mobile = viewport === 'mobile';
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], isMobile: mobile, hasTouch: mobile, reducedMotion: 'reduce' });
  if (opts.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const page = await context.newPage();
  const english: string[] = [];
  const problems: string[] = [];
  const http: string[] = [];
  const expected: RegExp[] = [];
  page.on('console', (m) => {
    // Chromium logs every answer >= 400 as a console error without its URL: those are checked as
    // HTTP answers below (expected or not), so the line itself is not counted twice.
    if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text()))
      problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) http.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return {
    page,
    context,
    go: async (route) => {
      await page.goto(new URL(withLang(route), baseUrl).toString(), { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.lang === 'hi');
      // The served HTML's skeleton search box (issue #17) is inert: wait until the app has replaced it.
      await page.locator('#search-skeleton-q').waitFor({ state: 'detached', timeout: 20_000 });
    },
    check: async (step, selector) => {
      const words = await englishIn(page, selector);
      if (words.length > 0) english.push(`${step} (${selector}): ${words.join(', ')}`);
    },
    expect: (answer) => void expected.push(answer),
    failures: () => [
      ...english.map((e) => `English left: ${e}`),
      ...problems,
      ...http.filter((h) => !expected.some((re) => re.test(h))).map((h) => `unexpected ${h}`),
    ],
    close: () => context.close(),
  };
}

/** Presses Tab until the focused control's text, label or aria-label is `name` (keyboard only). */
export async function tabTo(page: Page, name: string | RegExp, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const byId = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
      const labels = 'labels' in el ? [...((el as HTMLInputElement).labels ?? [])].map((l) => l.textContent ?? '') : [];
      return (byId ?? labels[0] ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
    });
    if (typeof name === 'string' ? focused === name || focused.startsWith(name) : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}
