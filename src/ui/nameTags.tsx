/**
 * Public name tags: "Ruby DEX Router", "RGLD/RUSD LP". The app reads them once
 * (/getNameTags, src/app/App.tsx) and provides them here; every Address shows an address's tag in
 * place of its shortened form (the address stays in the tooltip, the link and the copy icon), and
 * the detail pages show it as a badge beside the full address. Without a provider (component
 * tests) there are no tags.
 */
import { createContext, useContext } from 'react';
import { parseAddress } from '../../common/address';
import './nameTag.css';

/** Lower-case 0x address → tag. */
export type NameTagMap = ReadonlyMap<string, string>;

export const NameTagsContext = createContext<NameTagMap>(new Map());

/** The tag of an address (r… or 0x…, any case), or null. */
export function useNameTag(address: string | null | undefined): string | null {
  const tags = useContext(NameTagsContext);
  if (!address || tags.size === 0) return null;
  const key = parseAddress(address);
  return key === null ? null : (tags.get(key) ?? null);
}

/** The tag as a badge ("Ruby DEX Router"), or nothing for an address without one. */
export function NameTag({ address }: { address: string | null | undefined }) {
  const tag = useNameTag(address);
  return tag === null ? null : (
    <span className="name-tag" translate="no">
      {tag}
    </span>
  );
}
