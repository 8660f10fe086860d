/**
 * A translated sentence that keeps English terms: on the technical pages the Hindi
 * keeps identifiers, field names and tool names as they are written ("x-api-key हेडर में",
 * "getBalance(address) … लौटाता है"). Each run of such Latin words gets `lang="en"` (WCAG 3.1.2,
 * language of parts: a screen reader reads it in English) and `translate="no"` (a browser's
 * translation leaves it). A text with no Devanagari (English, the source) is returned as it is, so
 * the English page is unchanged; an untranslated sentence is not marked either, so the Hindi route
 * walk still finds it.
 */
import { Fragment, type ReactNode } from 'react';

const DEVANAGARI = /[\u0900-\u097F]/;
/** Words with a Latin letter and no Devanagari (punctuation may cling to them), with the spaces between them. */
const LATIN_RUN = /[^\s\u0900-\u097F]*[A-Za-z][^\s\u0900-\u097F]*(?:\s+[^\s\u0900-\u097F]*[A-Za-z][^\s\u0900-\u097F]*)*/g;

/** The text with its Latin runs marked, or the text itself when it is not a translated sentence. */
export function mixedText(text: string): ReactNode {
  if (!DEVANAGARI.test(text)) return text;
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(LATIN_RUN)) {
    if (m.index > at) out.push(<Fragment key={`t${at}`}>{text.slice(at, m.index)}</Fragment>);
    out.push(
      <span key={`e${m.index}`} lang="en" translate="no">
        {m[0]}
      </span>,
    );
    at = m.index + m[0].length;
  }
  if (out.length === 0) return text;
  if (at < text.length) out.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{out}</>;
}

/** mixedText as a component: `<MixedText text={T.intro} />`. */
export function MixedText({ text }: { text: string }) {
  return <>{mixedText(text)}</>;
}
