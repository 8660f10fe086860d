import { NO_VALUE, type CopyToastKind } from '../../common/spec';
import { urls } from '../app/urls';
import { shortenAddress, type AddressLead } from '../lib/shorten';
import { MonoValue } from './MonoValue';
import { useNameTag } from './nameTags';
import { UI_TEXTS } from './texts';
import { WatchLabel } from './watchlist';

interface AddressProps {
  /** `r…` display form as the API sends it; empty or null (a contract creation's `to`) shows '—'. */
  value: string | null | undefined;
  /** Leading characters kept (20, 15, 12 or 5 per screen); 'full' shows it whole. */
  lead?: AddressLead | 'full';
  /** Link target; defaults to the address page. null renders plain text. */
  href?: string | null;
  copy?: CopyToastKind | false;
  className?: string;
  /** Show a known address's public name tag in place of it (default); false where the column is the address itself. */
  showTag?: boolean;
  /** Show the user's private watchlist label beside it (default); false where the label has its own column. */
  showLabel?: boolean;
}

/** A shortened address, or its public name tag (full value in the tooltip), linked through urls.ts, with a copy icon. */
export function Address({ value, lead = 12, href, copy = 'home', className, showTag = true, showLabel = true }: AddressProps) {
  const known = useNameTag(value);
  const tag = showTag ? known : null;
  if (!value) return <span className={className}>{NO_VALUE}</span>;
  // A known contract reads by its public name tag ("Ruby DEX Router"); the address stays in the tooltip and the copy icon.
  const text = tag ?? (lead === 'full' ? value : shortenAddress(value, lead));
  const target = href === undefined ? urls.address(value) : href;
  // The user's private watchlist label beside it, from the one watchlist cache entry.
  return (
    <>
      <MonoValue value={value} text={text} href={target} copy={copy} copyLabel={UI_TEXTS.copyAddress} className={className} />
      {showLabel && <WatchLabel address={value} />}
    </>
  );
}
