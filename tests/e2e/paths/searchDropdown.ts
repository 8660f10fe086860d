/**
 * The search box's dropdown as the page saw it (not a test file): an init script logs, with the
 * page's own clock, every change of the dropdown (shown with its recent searches, or gone) and the
 * box's blur, focus and submit. The 200 ms a blurred dropdown stays open ('closing') is shorter
 * than a loaded machine's round trips to chromium, so the walk checks that state, and that the
 * step taken in it came in time, from this log rather than by looking after the fact.
 */
import type { Locator, Page } from 'playwright-core';

export const DROPDOWN_LOG_SCRIPT = `(() => {
  const log = (window.__searchLog = []);
  let last = null;
  const now = () => performance.now();
  const take = () => {
    if (!document.body) return;
    const pop = document.querySelector('.search-pop');
    const v = pop ? 'open:' + Array.from(pop.querySelectorAll('.search-pop__item')).map((li) => li.textContent).join('|') : 'none';
    if (v !== last) { last = v; log.push({ t: now(), v }); }
  };
  const inBox = (e) => e.target instanceof Element && e.target.closest('.search-box__field') !== null;
  document.addEventListener('focusout', (e) => { if (inBox(e)) log.push({ t: now(), v: 'blur' }); }, true);
  document.addEventListener('focusin', (e) => { if (inBox(e)) log.push({ t: now(), v: 'focus' }); }, true);
  document.addEventListener('submit', () => log.push({ t: now(), v: 'submit' }), true);
  new MutationObserver(take).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

interface Entry {
  t: number;
  v: string;
}

const readLog = (page: Page) => page.evaluate('window.__searchLog || []') as Promise<Entry[]>;

/** The entries since the last blur (the blur first), or null when the box was never blurred. */
async function sinceBlur(page: Page): Promise<{ blur: Entry; before: Entry | undefined; after: Entry[] } | null> {
  const log = await readLog(page);
  let b = -1;
  log.forEach((e, i) => {
    if (e.v === 'blur') b = i;
  });
  if (b < 0) return null;
  const before = log.slice(0, b).filter((e) => e.v === 'none' || e.v.startsWith('open:'));
  return { blur: log[b] as Entry, before: before[before.length - 1], after: log.slice(b + 1) };
}

/** 'closing': at the blur the dropdown showed `items` (the recent searches), and it did not go at once. */
export async function expectClosing(page: Page, items: string[], delayMs: number): Promise<void> {
  const s = await sinceBlur(page);
  if (!s) throw new Error('the box was not blurred');
  const shown = `open:${items.join('|')}`;
  if (s.before?.v !== shown && !(items.length === 0 && s.before?.v === 'open:')) {
    throw new Error(`at the blur the dropdown was ${s.before?.v ?? 'never shown'}, not ${shown}`);
  }
  // Gone too soon, unless the next step (sent at once) closed it.
  const step = s.after.findIndex((e) => e.v === 'submit' || e.v === 'focus');
  const gone = s.after.findIndex((e) => e.v === 'none');
  const ms = gone < 0 ? 0 : (s.after[gone] as Entry).t - s.blur.t;
  if (gone >= 0 && (step < 0 || gone < step) && ms < delayMs * 0.75)
    throw new Error(`the dropdown went ${Math.round(ms)} ms after the blur`);
}

/** The step taken while 'closing' (`mark`: focus or submit) came before the dropdown went. */
export async function expectInTime(page: Page, mark: 'focus' | 'submit'): Promise<string> {
  const s = await sinceBlur(page);
  const at = s?.after.find((e) => e.v === mark);
  if (!s || !at) throw new Error(`no ${mark} after the blur`);
  const gone = s.after.find((e) => e.v === 'none');
  if (gone && gone.t < at.t) {
    throw new Error(
      `the dropdown closed ${Math.round(gone.t - s.blur.t)} ms after the blur, before the ${mark} at ${Math.round(at.t - s.blur.t)} ms`,
    );
  }
  return `${mark} ${Math.round(at.t - s.blur.t)} ms after the blur, the dropdown still open`;
}

/** The delay: the dropdown went by itself, at least ~delayMs after the blur. */
export async function expectClosedByDelay(page: Page, delayMs: number): Promise<string> {
  const s = await sinceBlur(page);
  const gone = s?.after.find((e) => e.v === 'none');
  if (!s || !gone) throw new Error('the dropdown did not close after the blur');
  if (gone.t - s.blur.t < delayMs * 0.75) throw new Error(`the dropdown went ${Math.round(gone.t - s.blur.t)} ms after the blur`);
  return `the dropdown went ${Math.round(gone.t - s.blur.t)} ms after the blur`;
}

/**
 * A closed dropdown takes typing only in a focused box: focus it (which opens the dropdown) and
 * close it with Escape, checking that Escape only closes (a search box's own clear on Escape
 * would empty the box and, as typing, reopen the dropdown).
 */
export async function focusClosed(page: Page, input: Locator): Promise<string> {
  const before = await input.inputValue();
  await input.click();
  await input.press('Escape');
  await page.locator('.search-pop').waitFor({ state: 'detached' });
  const after = await input.inputValue();
  if (after !== before) throw new Error(`Escape changed the box's term '${before}' to '${after}'`);
  return 'the box focused and its dropdown closed (Escape) first: a closed dropdown takes typing only in a focused box';
}
