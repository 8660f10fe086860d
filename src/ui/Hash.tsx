import type { CopyToastKind } from '../../common/spec';
import { urls } from '../app/urls';
import { shortenBlockCard, shortenHash } from '../lib/shorten';
import { MonoValue } from './MonoValue';
import { UI_TEXTS } from './texts';

interface HashProps {
  value: string;
  /** Link target; defaults to the transaction page. null renders plain text. */
  href?: string | null;
  /** 'hash': first 6 + last 4 (default); 'card': first 6 + last 6 (Latest Blocks cards); 'full'. */
  display?: 'hash' | 'card' | 'full';
  /** Show a copy icon with this toast kind; false hides it. */
  copy?: CopyToastKind | false;
  className?: string;
}

/** A shortened hash (full value in the tooltip), linked through urls.ts, with a copy icon. */
export function Hash({ value, href, display = 'hash', copy = 'home', className }: HashProps) {
  const text = display === 'full' ? value : display === 'card' ? shortenBlockCard(value) : shortenHash(value);
  const target = href === undefined ? urls.transaction(value) : href;
  return <MonoValue value={value} text={text} href={target} copy={copy} copyLabel={UI_TEXTS.copyHash} className={className} />;
}
