import { defineTexts } from '../../../lib/i18n';

/** Texts of the command palette (the spec has none: these are ours). */
export const PALETTE_TEXTS = defineTexts('search.palette', {
  dialogLabel: 'Command palette',
  inputLabel: 'Type a command, or search by address / txn hash / block / token',
  placeholder: 'Search or jump to…',
  groupJump: 'Jump to',
  groupSearch: 'Search',
  groupRecent: 'Recent searches',
  groupContracts: 'Contracts and tokens',
  groupPages: 'Pages',
  groupActions: 'Actions',
  /** The list's accessible name (cmdk's own default, in English only). */
  listLabel: 'Suggestions',
  searchFor: ({ term }: { term: string }) => `Search for “${term}”`,
  searching: 'Searching...',
  home: 'Home',
  jumpBlock: ({ n }: { n: number }) => `Block #${n}`,
  jumpTransaction: ({ hash }: { hash: string }) => `Transaction ${hash}`,
  jumpAddress: ({ address }: { address: string }) => `Address ${address}`,
  /** The Approvals tab of a typed address. */
  approvalsOf: ({ address }: { address: string }) => `Approvals of ${address}`,
  copyAddress: 'Copy this address',
  copyHash: 'Copy this transaction hash',
  copyBlock: 'Copy this block number',
  copyContract: 'Copy this contract address',
  verifyContract: ({ target }: { target: string }) => `Verify & publish the source of ${target}`,
  logIn: 'Log in',
  logOut: 'Log out',
  openWallet: 'Open my wallet',
  watchAddress: 'Watch this address',
  unwatchAddress: 'Stop watching this address',
  openWatchlist: 'Open my watchlist',
  openHint: 'Ctrl K',
  buttonLabel: 'Open the command palette (Ctrl+K or /)',
  /** The language command: names the other language, in both scripts. */
  /** A two-key hint read out: 'shortcut g then b'. */
  shortcut: ({ first, second }: { first: string; second: string }) => `shortcut ${first} then ${second}`,
  switchLanguage: 'Switch to Hindi — हिन्दी',
} as const);

/** What finds the language command in either language (cmdk keywords; not shown, so not translated). */
export const LANGUAGE_KEYWORDS: readonly string[] = ['language', 'hindi', 'english', 'भाषा', 'हिन्दी', 'हिंदी', 'अंग्रेज़ी', 'अंग्रेजी'];
