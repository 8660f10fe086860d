/**
 * WCAG 2 contrast between two colours (relative luminance). Shared by the stylesheet check
 * (tests/src/styles/countdownContrast.test.ts) and the browser route walk, which reads computed colours and the
 * stops of background gradients that axe's color-contrast rule skips. Not a test file.
 */
export type Rgb = [number, number, number];

/** '#rgb', '#rrggbb', 'rgb(r, g, b)' or 'rgba(r, g, b, a)' (alpha ignored) → [r, g, b]; null otherwise. */
export function parseColor(input: string): Rgb | null {
  const s = input.trim().toLowerCase();
  let m = /^#([0-9a-f]{3})$/.exec(s);
  if (m) return [...m[1]!].map((c) => parseInt(c + c, 16)) as Rgb;
  m = /^#([0-9a-f]{6})$/.exec(s);
  if (m) return [0, 2, 4].map((i) => parseInt(m![1]!.slice(i, i + 2), 16)) as Rgb;
  m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(s);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  return null;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const ca = typeof a === 'string' ? parseColor(a) : a;
  const cb = typeof b === 'string' ? parseColor(b) : b;
  if (!ca || !cb) throw new Error(`not a colour: ${String(a)} / ${String(b)}`);
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour stops of a computed `background-image` gradient ('linear-gradient(90deg, rgb(…) 0%, …)'). */
export function gradientStops(backgroundImage: string): string[] {
  return backgroundImage.match(/rgba?\([^)]*\)|#[0-9a-f]{3,6}\b/gi) ?? [];
}
