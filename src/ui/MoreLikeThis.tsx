/** "More like this": the advanced filter opened with a start taken from the page it is on (an address, a token, a transaction). */
import { Link } from 'wouter';
import { urls } from '../app/urls';
import { defineTexts } from '../lib/i18n';

const T = defineTexts('ui.moreLikeThis', {
  moreLikeThis: 'More like this',
  moreLikeThisTitle: 'Open the advanced filter with this as its start',
} as const);

export function MoreLikeThis({ query }: { query: Readonly<Record<string, string>> }) {
  return (
    <Link href={urls.advancedFilter(query)} className="more-like-this" title={T.moreLikeThisTitle}>
      {T.moreLikeThis}
    </Link>
  );
}

/** A transaction's start: its sender and its method (or its recipient, for a call without one). */
export function txFilterQuery(tx: { from: string; to: string | null; input: string }): Record<string, string> {
  const selector = /^0x[0-9a-fA-F]{8}/.exec(tx.input)?.[0];
  if (selector) return { from: tx.from, method: selector.toLowerCase(), kind: 'tx' };
  return tx.to ? { from: tx.from, to: tx.to, kind: 'tx' } : { from: tx.from, kind: 'tx' };
}
