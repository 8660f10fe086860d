/**
 * Issue #25, item 15: the countdown banner's text against both stops of its gradient, light and dark theme, at
 * WCAG AA (4.5:1). axe does not judge text on a gradient, so the stylesheets are read here: the theme variables of
 * global.css and the banner's rules of layout.css (the browser walk checks the rendered pixels too).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../e2e/contrast';

const STYLES = path.resolve(__dirname, '../../../src/styles');
const globalCss = fs.readFileSync(path.join(STYLES, 'global.css'), 'utf8');
const layoutCss = fs.readFileSync(path.join(STYLES, 'layout.css'), 'utf8');

/** The body of the first `@media (prefers-color-scheme: dark) { … }` holding `needle`, or ''. */
function darkBlock(css: string, needle: string): string {
  const re = /@media \(prefers-color-scheme: dark\) \{/g;
  for (let m = re.exec(css); m; m = re.exec(css)) {
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < css.length && depth > 0; i++) depth += css[i] === '{' ? 1 : css[i] === '}' ? -1 : 0;
    const body = css.slice(m.index + m[0].length, i - 1);
    if (body.includes(needle)) return body;
  }
  return '';
}

function variable(css: string, name: string): string {
  const m = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`).exec(css);
  if (!m) throw new Error(`--${name} not found`);
  return m[1]!;
}

/** The `color` of the first `.countdown {` rule in css. */
function countdownColor(css: string): string | null {
  const m = /\.countdown \{[^}]*?\bcolor:\s*(#[0-9a-fA-F]{3,6})/.exec(css);
  return m ? m[1]! : null;
}

describe('countdown banner contrast', () => {
  const lightRoot = globalCss.slice(0, globalCss.indexOf('@media'));
  const darkRoot = darkBlock(globalCss, '--accent');
  const stops = (root: string) => [variable(root, 'accent-strong'), variable(root, 'accent')];
  const lightText = countdownColor(layoutCss)!;
  const darkText = countdownColor(darkBlock(layoutCss, '.countdown {')) ?? lightText;

  it('light theme: the text reads at 4.5:1 or more on both gradient stops', () => {
    for (const stop of stops(lightRoot)) expect(contrastRatio(lightText, stop), `${lightText} on ${stop}`).toBeGreaterThanOrEqual(4.5);
  });

  it('dark theme: the text reads at 4.5:1 or more on both gradient stops', () => {
    expect(darkRoot).not.toBe('');
    for (const stop of stops(darkRoot)) expect(contrastRatio(darkText, stop), `${darkText} on ${stop}`).toBeGreaterThanOrEqual(4.5);
  });
});
