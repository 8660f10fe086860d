import { Link } from 'wouter';
import type { CopyToastKind } from '../../common/spec';
import { CopyButton } from './CopyButton';

interface MonoValueProps {
  /** The whole value: the tooltip and what the copy icon copies. */
  value: string;
  /** What is shown (often a shortened form of the value). */
  text: string;
  /** Link target; null renders plain text. */
  href: string | null;
  copy: CopyToastKind | false;
  /** Accessible name of the copy icon ('Copy address', 'Copy hash'). */
  copyLabel: string;
  className?: string;
}

/**
 * An address or hash in monospace, the full value in the tooltip, linked or plain, with a copy icon.
 * The value (or a name tag in its place) is data: translate="no" keeps browsers' translation off it.
 */
export function MonoValue({ value, text, href, copy, copyLabel, className }: MonoValueProps) {
  return (
    <span className={`mono-value ${className ?? ''}`.trim()}>
      {href === null ? (
        <span className="mono" title={value} translate="no">
          {text}
        </span>
      ) : (
        <Link href={href} className="mono" title={value} translate="no">
          {text}
        </Link>
      )}
      {copy !== false && <CopyButton value={value} toast={copy} label={copyLabel} />}
    </span>
  );
}
