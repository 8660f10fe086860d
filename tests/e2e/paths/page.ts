/**
 * A page for one path walk: its own browser context (no storage shared between paths), the
 * problems it saw (console errors, page errors, HTTP >= 400), a trace of what the page showed
 * (its dialogs, alerts and busy buttons: a state that lasts a moment is seen even when the
 * check comes after it) and the network switch (CDP Network.emulateNetworkConditions, offline or online).
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { VIEWPORTS } from '../../helpers/browser';

/**
 * Records what the page says in its dialogs, alerts and status lines plus its disabled buttons
 * after every change (last 400 views): cheap enough for a page that updates every block.
 */
const TRACE_SCRIPT = `(() => {
  const views = (window.__pathViews = []);
  const take = () => {
    if (!document.body) return;
    const said = Array.from(document.querySelectorAll('[role=dialog], [role=alert], [role=status]')).map((e) => e.textContent.trim());
    const disabled = Array.from(document.querySelectorAll('button:disabled')).map((b) => '[disabled:' + b.textContent.trim() + ']');
    const view = said.join('\\n') + '\\n' + disabled.join(' ');
    if (views[views.length - 1] !== view) views.push(view);
    if (views.length > 400) views.splice(0, views.length - 400);
  };
  new MutationObserver(take).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

export interface PathPage {
  page: Page;
  context: BrowserContext;
  problems: string[];
  /** True once any view since the last clearTrace() contained every one of `texts`. */
  sawTogether(...texts: string[]): Promise<boolean>;
  clearTrace(): Promise<void>;
  offline(on: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function openPathPage(browser: Browser, viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<PathPage> {
  const mobile = viewport === 'mobile';
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], isMobile: mobile, hasTouch: mobile, reducedMotion: 'reduce' });
  await context.addInitScript(TRACE_SCRIPT);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  let cdp: CDPSession | null = null;
  return {
    page,
    context,
    problems,
    sawTogether: async (...texts) => {
      const views = (await page.evaluate('window.__pathViews || []')) as string[];
      return views.some((v) => texts.every((t) => v.includes(t)));
    },
    clearTrace: async () => {
      await page.evaluate('(window.__pathViews || []).splice(0)');
    },
    offline: async (on) => {
      cdp ??= await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', { offline: on, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    },
    close: () => context.close(),
  };
}

/** Polls `ok` until true (the page settles on its own time); throws `what` after `ms`. */
export async function eventually(ok: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`not seen within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Presses a submit button that a message dialog covers, the way a keyboard user can: the
 * dialog moves focus into itself but does not trap it (src/features/wallet/Modal.tsx), so
 * Shift+Tab leaves it for the form behind; Enter on the button submits. Returns the keys used.
 */
export async function submitBehindDialog(page: Page, name: RegExp): Promise<string> {
  for (let presses = 1; presses <= 12; presses++) {
    await page.keyboard.press('Shift+Tab');
    const focused = (await page.evaluate(
      '(() => { const el = document.activeElement; return el && el.tagName === "BUTTON" ? el.textContent.trim() : "" })()',
    )) as string;
    if (name.test(focused)) {
      await page.keyboard.press('Enter');
      return `Shift+Tab ×${presses} out of the message dialog (it does not trap focus), Enter on '${focused}'`;
    }
  }
  throw new Error(`no button ${name} reachable by Shift+Tab from the dialog`);
}

/**
 * The clipboard-write permission of `pp`'s context for `origin`, as a user's answer in the site
 * settings: Playwright's grantPermissions cannot deny, CDP Browser.setPermission can (on the
 * browser's own session, with the context's id; a page session's call lands in the default
 * context). The permission starts granted; `detach` ends the browser session (before closing).
 */
export async function clipboardWritePermission(
  browser: Browser,
  pp: PathPage,
  origin: string,
): Promise<{ set(allow: boolean): Promise<void>; detach(): Promise<void> }> {
  await pp.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const target = (await (await pp.context.newCDPSession(pp.page)).send('Target.getTargetInfo')).targetInfo;
  const browserCdp = await browser.newBrowserCDPSession();
  let allowed = true;
  return {
    async set(allow: boolean) {
      if (allow === allowed) return;
      await browserCdp.send('Browser.setPermission', {
        permission: { name: 'clipboard-write' },
        setting: allow ? 'granted' : 'denied',
        origin,
        browserContextId: target.browserContextId,
      });
      allowed = allow;
    },
    detach: () => browserCdp.detach().catch(() => undefined),
  };
}
