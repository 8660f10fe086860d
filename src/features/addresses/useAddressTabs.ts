/**
 * The address page's tab bar, decided by its one counters answer (/getAddressCounters): the
 * specification's four tabs always, then Withdrawals, Events and NFTs only for an address that has
 * rows for them, and Approvals always last (every address page has it: "none in force" is an answer
 * a holder looks for). No list is fetched to decide.
 *
 * Reachability: a link to an optional tab (?tab=events) is kept while the counters are on their
 * way (the tab shows, its panel waits) and when they failed (the tab's own list answers); when they
 * say the address has none, the Transactions tab shows with a line saying why (the dead end
 * explained). A tab the visitor is on stays when a later answer says it emptied (the last approval
 * revoked there), rather than vanishing under them.
 */
import { useRef } from 'react';
import type { AddressCounters } from '../../../common/api/addresses';
import { TABS } from '../../../common/spec';
import { WITHDRAWAL_TEXTS } from '../../sections/withdrawals/texts';
import { APPROVALS_TEXTS } from '../../sections/approvals/texts';
import { NFTS_TEXTS } from './texts';
import { EVENTS_TEXTS } from '../../sections/addresses/texts';

const OPTIONAL = [WITHDRAWAL_TEXTS.tab, EVENTS_TEXTS.tab, NFTS_TEXTS.tab] as const;
type OptionalTab = (typeof OPTIONAL)[number];
export type AddressTab = (typeof TABS.address)[number] | OptionalTab | typeof APPROVALS_TEXTS.tab;

/** Every tab the address page may show (the URL may name any; the optional ones appear when they have rows). */
export const ALL_ADDRESS_TABS: readonly AddressTab[] = [...TABS.address, ...OPTIONAL, APPROVALS_TEXTS.tab];

const isOptional = (t: AddressTab): t is OptionalTab => (OPTIONAL as readonly string[]).includes(t);

/** Whether the counters say the address has rows for an optional tab. */
function hasRows(c: AddressCounters, t: OptionalTab): boolean {
  switch (t) {
    case WITHDRAWAL_TEXTS.tab:
      return c.withdrawals;
    case EVENTS_TEXTS.tab:
      return c.events;
    case NFTS_TEXTS.tab:
      return c.nftCollections > 0;
  }
}

interface AddressTabChoice {
  /** The tab bar. */
  tabs: readonly AddressTab[];
  /** The tab shown. */
  selected: AddressTab;
  /** The URL's tab waits for the counters (its panel shows Loading). */
  pending: boolean;
  /** The URL named an optional tab the address has no rows for (Transactions shows instead). */
  deadEnd: OptionalTab | null;
}

/**
 * `wanted`: the URL's tab. `counters`: the answer (undefined while it loads, null when it failed).
 */
export function useAddressTabs(address: string, wanted: AddressTab, counters: AddressCounters | null | undefined): AddressTabChoice {
  // Optional tabs shown for this address so far: the one the visitor is on is not taken away.
  const shown = useRef<{ address: string; tabs: Set<OptionalTab> }>({ address, tabs: new Set() });
  if (shown.current.address !== address) shown.current = { address, tabs: new Set() };
  const seen = shown.current.tabs;

  const present = OPTIONAL.filter((t) => (counters ? hasRows(counters, t) : false) || (t === wanted && seen.has(t)));
  const first = TABS.address[0];
  let selected: AddressTab = wanted;
  let pending = false;
  let deadEnd: OptionalTab | null = null;
  const extra: OptionalTab[] = [];
  if (isOptional(wanted) && !present.includes(wanted)) {
    if (counters === undefined) pending = true;
    if (counters) {
      selected = first;
      deadEnd = wanted;
    } else extra.push(wanted); // loading, or failed: the link's tab stays and its own list answers
  }
  for (const t of present) seen.add(t);
  const optional = OPTIONAL.filter((t) => present.includes(t) || extra.includes(t));
  return { tabs: [...TABS.address, ...optional, APPROVALS_TEXTS.tab], selected, pending, deadEnd };
}
