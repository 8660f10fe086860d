/**
 * What the command palette offers besides the search: the header's pages with their two-key
 * shortcuts ("g" then a letter), direct jumps for values recognised by their shape, and the
 * value the current page is about (for the copy action). Pure: no React.
 */
import { HEADER_LINK_LABELS, HEADER_LINKS } from '../../../../common/spec';
import { urls, type UrlName } from '../../../app/urls';
import { PALETTE_TEXTS } from './texts';

export interface PageCommand {
  label: string;
  route: UrlName;
  /** Second key after "g". */
  key: string;
}

const KEYS: Record<(typeof HEADER_LINKS)[number]['route'] | 'home', string> = {
  home: 'h',
  allTransactions: 't',
  blocks: 'b',
  topAccounts: 'a',
  deployContract: 'd',
  verifiedContracts: 'v',
  rubyWeb3Docs: 'w',
  tokens: 'k',
  chart: 'c',
  api: 'p',
  account: 'm',
};

/** Home, then every header link in the header's order. The labels are read when shown (getters), in the active language. */
export const PAGE_COMMANDS: readonly PageCommand[] = [
  {
    get label() {
      return PALETTE_TEXTS.home;
    },
    route: 'home',
    key: KEYS.home,
  },
  ...HEADER_LINKS.map((link) => ({
    get label() {
      return HEADER_LINK_LABELS[link.route];
    },
    route: link.route,
    key: KEYS[link.route],
  })),
];

export function pageHref(c: PageCommand): string {
  return (urls[c.route] as () => string)();
}

/** The hotkey string of a sequence for react-hotkeys-hook ("g>b"). */
export const sequenceOf = (c: PageCommand) => `g>${c.key}`;

export interface Jump {
  kind: 'block' | 'transaction' | 'address';
  label: string;
  href: string;
  /** The address it is about (the verify command's), as typed or shown. */
  target?: string;
}

/** A direct jump when the typed text has the shape of a block number, a tx hash or an address. */
export function jumpFor(raw: string): Jump | null {
  const q = raw.trim();
  if (/^\d{1,12}$/.test(q)) return { kind: 'block', label: PALETTE_TEXTS.jumpBlock({ n: Number(q) }), href: urls.block(Number(q)) };
  if (/^0x[0-9a-f]{64}$/i.test(q))
    return { kind: 'transaction', label: PALETTE_TEXTS.jumpTransaction({ hash: q }), href: urls.transaction(q) };
  if (/^(?:r|0x)[0-9a-f]{40}$/i.test(q))
    return { kind: 'address', label: PALETTE_TEXTS.jumpAddress({ address: q }), href: urls.address(q) };
  return null;
}

/** "Approvals of …": the Approvals tab of a typed address. */
export function approvalsJumpFor(raw: string): { label: string; href: string } | null {
  const q = raw.trim();
  if (!/^(?:r|0x)[0-9a-f]{40}$/i.test(q)) return null;
  return { label: PALETTE_TEXTS.approvalsOf({ address: q }), href: urls.address(q, { tab: 'Approvals' }) };
}

export interface PageSubject {
  /** What the copy action copies. */
  value: string;
  /** The command's label. */
  label: string;
}

/** The address, hash or number the current page shows, for "Copy …". */
export function subjectOf(location: string): PageSubject | null {
  const m = /^\/(address|transaction|TokenDetail|contractDetail|ContractDetail|Block|block)\/([^/?#]+)/.exec(location);
  if (!m) return null;
  const value = decodeURIComponent(m[2] as string);
  switch (m[1]) {
    case 'address':
      return { value, label: PALETTE_TEXTS.copyAddress };
    case 'transaction':
      return { value, label: PALETTE_TEXTS.copyHash };
    case 'Block':
    case 'block':
      return { value, label: PALETTE_TEXTS.copyBlock };
    default:
      return { value, label: PALETTE_TEXTS.copyContract };
  }
}

/**
 * "Verify & publish": for an address typed in the palette, else for the contract or
 * address the current page shows; the palette offers it once the address proves a contract not verified.
 */
export function verifyCommand(raw: string, location: string): Jump | null {
  const q = raw.trim();
  const typed = /^(?:r|0x)[0-9a-f]{40}$/i.test(q) ? q : null;
  const shown = /^\/(address|TokenDetail|contractDetail|ContractDetail)\/((?:r|0x)[0-9a-fA-F]{40})(?:[/?#]|$)/.exec(location)?.[2] ?? null;
  const target = typed ?? shown;
  return target ? { kind: 'address', label: PALETTE_TEXTS.verifyContract({ target }), href: urls.verifyContract(target), target } : null;
}
