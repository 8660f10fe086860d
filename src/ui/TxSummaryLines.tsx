/**
 * A transaction's summary as lines: the parts of the one renderer
 * (common/summary/render.ts) in the reader's language, with addresses linked (a label, or the name
 * tag, in place of the address), amounts in the shared format, method and error names as data.
 * `compact`: the lists' second line, the first action only (and "and N more"), on one line.
 */
import { Link } from 'wouter';
import type { TxSummary } from '../../common/api/txSummary';
import { summaryLines, type SummaryPart } from '../../common/summary/render';
import { urls } from '../app/urls';
import { formatTokenAmount } from '../lib/amount';
import { shortenAddress } from '../lib/shorten';
import { Address } from './Address';
import { useNameTag } from './nameTags';
import './txSummary.css';

function Party({ address, label, lead, links }: { address: string; label: string | null; lead: 5 | 12; links: boolean }) {
  const tag = useNameTag(address);
  if (!links) {
    return (
      <span className="mono" title={address} translate="no">
        {tag ?? label ?? shortenAddress(address, lead)}
      </span>
    );
  }
  if (tag || !label) return <Address value={address} lead={lead} copy={false} showLabel={false} />;
  return (
    <Link href={urls.address(address)} className="tx-summary__label" title={address} translate="no">
      {label}
    </Link>
  );
}

function Part({ part, lead, links }: { part: SummaryPart; lead: 5 | 12; links: boolean }) {
  switch (part.t) {
    case 'text':
      return <>{part.text}</>;
    case 'party':
      return <Party address={part.party.address} label={part.party.label} lead={lead} links={links} />;
    case 'amount':
      return (
        <span className="amount" translate="no">
          {formatTokenAmount(part.units, part.decimals, { symbol: part.symbol, places: 6 })}
        </span>
      );
    case 'token':
      if (!links) return <span translate="no">{part.token.symbol ?? part.token.name ?? shortenAddress(part.token.address, lead)}</span>;
      return (
        <Link href={urls.tokenDetail(part.token.address)} title={part.token.address} translate="no">
          {part.token.symbol ?? part.token.name ?? part.token.address}
        </Link>
      );
    case 'ids':
      return <span translate="no">{part.ids.map((id) => `#${id}`).join(', ')}</span>;
    case 'data':
      return <span translate="no">{part.text}</span>;
    case 'code':
      return (
        <code className="tx-summary__code" translate="no">
          {part.text}
        </code>
      );
  }
}

interface TxSummaryLinesProps {
  summary: TxSummary | undefined;
  /** The lists' one-line form. */
  compact?: boolean;
  /** Accessible name of the full form's list. */
  label?: string;
  /** false inside something that is itself a link or an option (the palette's result): plain text, no links. */
  links?: boolean;
  /** Actions beyond `summary` (a live row's summaryMore: only its first action was sent). */
  more?: number;
}

export function TxSummaryLines({ summary, compact = false, label, links = true, more = 0 }: TxSummaryLinesProps) {
  if (!summary || summary.length === 0) return null;
  const lines = summaryLines(summary, compact ? 1 : summary.length, more);
  const failed = summary[0]?.kind === 'failed';
  const lead = compact ? 5 : 12;
  const cls = `tx-summary${compact ? ' tx-summary--compact' : ''}${failed ? ' tx-summary--failed' : ''}`;
  if (compact) {
    return (
      // No title: it would repeat the line as one string, where the chain's names could not be kept apart from the words.
      <span className={cls}>
        {lines.map((line, i) => (
          <span key={i} className="tx-summary__line">
            {i > 0 && ' · '}
            {line.map((p, j) => (
              <Part key={j} part={p} lead={lead} links={links} />
            ))}
          </span>
        ))}
      </span>
    );
  }
  return (
    <ol className={cls} aria-label={label}>
      {lines.map((line, i) => (
        <li key={i} className="tx-summary__line">
          {line.map((p, j) => (
            <Part key={j} part={p} lead={lead} links={links} />
          ))}
        </li>
      ))}
    </ol>
  );
}
