/**
 * Checks the route walk (routes.test.ts) runs on each page it already visits (issue #25, "Done means"):
 * colour contrast of the banner and every badge, computed through background gradients that axe's
 * color-contrast rule skips; no tab strip or table that scrolls sideways without a visible cue; and
 * every number in an amount cell written by the one formatter (src/lib/amount.ts). Not a test file.
 */
import type { Page } from 'playwright-core';
import { axeViolations, formatViolations } from '../helpers/browser';
import { contrastRatio, gradientStops, parseColor, type Rgb } from './contrast';

/** The banner and the badges: coloured boxes whose text must stay readable in both schemes. */
export const BADGE_SELECTOR = [
  '.countdown',
  '.countdown span',
  '[class*="badge"]',
  '.api-op__method',
  '.direction',
  '.method-tag',
  '.name-tag',
].join(', ');

interface Painted {
  what: string;
  color: string;
  /** Background layers from the root down to the element: a colour, or a gradient's computed value. */
  layers: { color: string; image: string }[];
  large: boolean;
}

/** Reads the colours of every visible banner and badge (in the page; plain arrows only, see browser.ts). */
async function painted(page: Page): Promise<Painted[]> {
  return page.locator(BADGE_SELECTOR).evaluateAll((els) =>
    els
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (el.textContent ?? '').trim() !== '' && getComputedStyle(el).visibility !== 'hidden';
      })
      .slice(0, 40)
      .map((el) => {
        const chain: Element[] = [];
        for (let e: Element | null = el; e; e = e.parentElement) chain.unshift(e);
        const style = getComputedStyle(el);
        const size = parseFloat(style.fontSize);
        const bold = Number(style.fontWeight) >= 700;
        const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
        return {
          what: `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> '${(el.textContent ?? '').trim().slice(0, 30)}'`,
          color: style.color,
          layers: chain.map((e) => ({ color: getComputedStyle(e).backgroundColor, image: getComputedStyle(e).backgroundImage })),
          large: size >= 24 || (bold && size >= 18.66),
        };
      }),
  );
}

function alphaOf(css: string): number {
  const m = /^rgba\([^)]*,\s*([\d.]+)\)$/.exec(css.trim()) ?? /\/\s*([\d.]+)\)$/.exec(css.trim());
  return m ? Number(m[1]) : 1;
}

const blend = (top: Rgb, a: number, under: Rgb): Rgb => [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)) as Rgb;

/** The backgrounds the text may sit on: the composed colour, or each stop of the nearest gradient. */
function backgrounds(layers: Painted['layers'], canvas: Rgb): Rgb[] {
  let under: Rgb[] = [canvas];
  for (const layer of layers) {
    const stops = layer.image.includes('gradient') ? gradientStops(layer.image) : [];
    if (stops.length > 0) {
      under = stops.flatMap((s) => {
        const c = parseColor(s);
        return c ? under.map((u) => blend(c, alphaOf(s), u)) : [];
      });
      continue;
    }
    const c = parseColor(layer.color);
    const a = alphaOf(layer.color);
    if (c && a > 0) under = under.map((u) => blend(c, a, u));
  }
  return under;
}

/** WCAG AA (4.5:1, 3:1 for large text) for the banner and every badge, against every stop of a gradient behind them. */
export async function contrastFailures(page: Page, scheme: 'light' | 'dark'): Promise<string[]> {
  const canvas: Rgb = scheme === 'dark' ? [0, 0, 0] : [255, 255, 255];
  const failures: string[] = [];
  for (const p of await painted(page)) {
    const fg = parseColor(p.color);
    if (!fg) continue;
    const need = p.large ? 3 : 4.5;
    const worst = Math.min(...backgrounds(p.layers, canvas).map((bg) => contrastRatio(blend(fg, alphaOf(p.color), bg), bg)));
    if (worst < need) failures.push(`contrast (${scheme}): ${p.what} is ${worst.toFixed(2)}:1, needs ${need}:1`);
  }
  return failures;
}

/**
 * A tab strip or table may scroll sideways only inside a box that shows it (a gradient cue at its
 * edge) and that a keyboard reaches (focusable itself, or holding focusable cells).
 */
export async function scrollCueFailures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const seen = new Set<Element>();
    for (const el of Array.from(document.querySelectorAll('main [role="tablist"], main table'))) {
      let scroller: Element | null = null;
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        const ox = getComputedStyle(e).overflowX;
        if ((ox === 'auto' || ox === 'scroll') && e.scrollWidth > e.clientWidth + 1) {
          scroller = e;
          break;
        }
      }
      if (!scroller || seen.has(scroller)) continue;
      seen.add(scroller);
      const style = getComputedStyle(scroller);
      const cue = [style.backgroundImage, style.maskImage, style.getPropertyValue('-webkit-mask-image')].some((v) =>
        v.includes('gradient'),
      );
      const reachable =
        (scroller as HTMLElement).tabIndex >= 0 || scroller.querySelector('a[href], button, [tabindex="0"], input, select') !== null;
      const what = `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? ` '${el.getAttribute('aria-label')}'` : ''} (${scroller.scrollWidth}px in ${scroller.clientWidth}px)`;
      if (!cue) out.push(`scrolls sideways with no visible cue: ${what}`);
      if (!reachable) out.push(`scrolls sideways out of a keyboard's reach: ${what}`);
    }
    return out;
  });
}

/** Amount cells: the `.amount` spans, right-aligned table cells, and the phone cards' values under an amount label. */
const AMOUNT_LABEL = /value|fee|amount|balance|quantity|supply|percentage|price/i;

/**
 * Every number in an amount cell as the one formatter writes it: thousands grouped ('1,000,000'),
 * at most 6 decimals (5 in lists, 6 in the transaction detail). '1000000000 RUSD' or '9971.2797' fail.
 */
export async function numberFormatFailures(page: Page): Promise<string[]> {
  const [texts, exact] = await page.evaluate((labelSource) => {
    const label = new RegExp(labelSource, 'i');
    const cells = Array.from(document.querySelectorAll('main .amount:not([data-exact]), main td.num:not(:has([data-exact]))'));
    for (const dd of Array.from(document.querySelectorAll('main .card-list__field dd'))) {
      if (label.test(dd.previousElementSibling?.textContent ?? '') && !dd.querySelector('[data-exact]')) cells.push(dd);
    }
    const textOf = (els: Element[]) => els.map((c) => (c.textContent ?? '').trim()).filter((t) => t !== '');
    return [textOf(cells), textOf(Array.from(document.querySelectorAll('main .amount[data-exact]')))];
  }, AMOUNT_LABEL.source);
  // An exact amount (the transaction detail's value, fee and token amounts, issue #38) keeps every decimal it has.
  return [...numberFormatProblems(texts), ...numberFormatProblems(exact, 36)];
}

/** The amount-cell texts that break the one number format (pure: unit-tested in tests/src/styles/walkChecks.test.ts). */
export function numberFormatProblems(texts: readonly string[], maxDecimals = 6): string[] {
  const bad = new Set<string>();
  for (const text of texts) {
    // Numbers only: hashes and addresses (0x…, r…) and ages are not amounts.
    if (/0x[0-9a-f]{4}|\br[0-9a-f]{6}|\bago\b/i.test(text)) continue;
    for (const m of text.matchAll(/\d[\d,]*(?:\.(\d+))?/g)) {
      const [num, decimals] = [m[0], m[1]];
      const int = num.split('.')[0]!;
      const grouped = /^\d{1,3}(,\d{3})*$/.test(int);
      if (!grouped || (decimals !== undefined && decimals.length > maxDecimals)) bad.add(text);
    }
  }
  return [...bad].slice(0, 5).map((t) => `number not in the one format (grouped, at most ${maxDecimals} decimals): '${t}'`);
}

/** axe's color-contrast rule alone on the banner and badges (the dark pass: the light pass ran every rule on the page). */
export async function axeContrastFailures(page: Page): Promise<string[]> {
  // Loads axe when the page has not got it yet (the light pass did).
  if (!(await page.evaluate('typeof window.axe === "object"'))) await axeViolations(page);
  // Only the banner and the badges (the whole page's text ran in light; a full dark run doubles the walk's time).
  if ((await page.locator(BADGE_SELECTOR).count()) === 0) return [];
  // Primary buttons too: white on the dark scheme's accent was 3.2:1 (found by this pass on /Api).
  const context = JSON.stringify({ include: [...BADGE_SELECTOR.split(', '), '.btn--primary'].map((sel) => [sel]) });
  const found = (await page.evaluate(`
    window.axe.run(${context}, { runOnly: ['color-contrast'], resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 200), summary: n.failureSummary || '' })),
    })))
  `)) as Parameters<typeof formatViolations>[0];
  return formatViolations(found).map((f) => `dark: ${f}`);
}

/** Every check above for one visited page, light then dark (the same visit: the scheme is switched in place). */
export async function walkPageChecks(page: Page): Promise<string[]> {
  const failures = [...(await contrastFailures(page, 'light')), ...(await scrollCueFailures(page)), ...(await numberFormatFailures(page))];
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(50);
  failures.push(...(await contrastFailures(page, 'dark')), ...(await axeContrastFailures(page)));
  await page.emulateMedia({ colorScheme: 'light' });
  return failures;
}
