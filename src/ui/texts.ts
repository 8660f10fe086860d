/** Texts of the shared UI parts that have no texts module of their own; Hindi in src/locales/hi/ui.json. */
import { defineTexts } from '../lib/i18n';

export const UI_TEXTS = defineTexts('ui.common', {
  dismiss: 'Dismiss',
  copy: 'Copy',
  /** The copy icon's accessible name beside an address (Address, DetailId) and a hash (Hash). */
  copyAddress: 'Copy address',
  copyHash: 'Copy hash',
  /** A code box's copy button (src/ui/CodeBlock.tsx). */
  copyNamed: (label: string) => `Copy: ${label}`,
  pagination: 'Pagination',
  listLoadFailed: 'This list could not be loaded. Please try again later.',
  argName: 'Name',
  argType: 'Type',
  argValue: 'Value',
  hourBarTitle: (hour: string, count: number) => `${hour}: ${count} transactions`,
  blockBarTitle: (block: number, count: number) => `Block #${block}: ${count} transactions`,
} as const);
