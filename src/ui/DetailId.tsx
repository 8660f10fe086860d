import type { ReactNode } from 'react';
import { CopyButton } from './CopyButton';
import { NameTag } from './nameTags';
import { UI_TEXTS } from './texts';
import { WatchButton, WatchLabel } from './watchlist';
import './detail.css';

interface DetailIdProps {
  /** The full r… address (the API's checksum form once known). */
  address: string;
  /** A name shown before the address (token or contract). */
  name?: string | null;
  /** Shown after the address (e.g. the link to the token / contract page). */
  children?: ReactNode;
}

/** The page's subject under the title: name, the whole address and its copy icon (detail toast). */
export function DetailId({ address, name, children }: DetailIdProps) {
  return (
    <p className="detail-id">
      {name && (
        <span className="detail-id__name" translate="no">
          {name}
        </span>
      )}
      <NameTag address={address} />
      {/* Address and icon stay together: the text wraps inside, the icon never drops a line. */}
      <span className="detail-id__addr">
        <span className="mono detail-id__value" translate="no">
          {address}
        </span>
        <CopyButton value={address} toast="detail" label={UI_TEXTS.copyAddress} />
      </span>
      {/* The user's private label and the Watch toggle (logged-in users only). */}
      <WatchLabel address={address} />
      <WatchButton address={address} />
      {children}
    </p>
  );
}
