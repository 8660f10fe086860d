/**
 * A text with code or data in it (a file extension, a contract or parameter name, an address) as
 * React nodes: each of `terms` where it stands as a whole word is wrapped in
 * `<span translate="no">`, so translation tools and the Hindi checks leave it as it is.
 * The visible text is unchanged, character for character, and no style is added.
 */
import type { ReactNode } from 'react';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function keepTerms(text: string, terms: readonly string[]): ReactNode[] {
  const wanted = terms.filter((t) => t !== '');
  if (wanted.length === 0) return [text];
  // Longest first, so 'initialSupply' is not cut at 'initial'; whole words only ('name' not in 'names').
  const alternatives = [...wanted].sort((a, b) => b.length - a.length).map(escape);
  const pattern = new RegExp(`(?<![A-Za-z0-9_])(${alternatives.join('|')})(?![A-Za-z0-9_])`, 'g');
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const at = m.index;
    if (at > last) out.push(text.slice(last, at));
    out.push(
      <span key={at} translate="no">
        {m[0]}
      </span>,
    );
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
