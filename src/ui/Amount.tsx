import { COIN_SYMBOL } from '../../common/spec';
import { formatAmount, formatDetailAmount, formatDetailUnits, formatFee, formatUsd, formatWei, type AmountInput } from '../lib/amount';

type AmountKind = 'list' | 'fee' | 'detail' | 'usd';

interface AmountProps {
  /** RUBY decimal (string / number) or bigint wei. */
  value?: AmountInput;
  /** Exact wei as a string (the API's `valueWei`); wins over `value` when given. */
  wei?: string | null;
  /** list: 5 decimals trimmed (default); fee: 5 fixed; detail: exact, at least 6 (from wei); usd: 2 fixed. */
  kind?: AmountKind;
  /** Unit after the number; default 'RUBY' ('$' prefix for usd). false for none. */
  unit?: string | false;
  className?: string;
}

function format(value: AmountInput, wei: string | null | undefined, kind: AmountKind): string {
  // The detail page's amounts are exact (at least 6 decimals): formatDetailUnits.
  if (wei && kind === 'detail') return formatDetailUnits(wei);
  if (wei) {
    const places = kind === 'detail' ? 6 : kind === 'usd' ? 2 : 5;
    return formatWei(wei, { places, trim: kind === 'list' });
  }
  switch (kind) {
    case 'fee':
      return formatFee(value);
    case 'detail':
      return formatDetailAmount(value);
    case 'usd':
      return formatUsd(value);
    default:
      return formatAmount(value);
  }
}

export function Amount({ value, wei, kind = 'list', unit, className }: AmountProps) {
  const text = format(value, wei, kind);
  if (kind === 'usd') return <span className={`amount ${className ?? ''}`.trim()}>{unit === false ? text : `$${text}`}</span>;
  const u = unit === undefined ? COIN_SYMBOL : unit;
  // An exact amount (the detail page, from wei) says so: it may carry every decimal (the route walk's number check).
  const exact = kind === 'detail' && wei ? { 'data-exact': '' } : {};
  return (
    <span className={`amount ${className ?? ''}`.trim()} {...exact}>
      {u === false ? text : `${text} ${u}`}
    </span>
  );
}
