import { defineTexts, withData } from '../../lib/i18n';

/** Internal transaction table headers (address, token and contract pages). */
export const INTERNAL_TEXTS = defineTexts('sections.internal', {
  hash: 'Parent txn hash',
  block: 'Block',
  age: 'Age',
  from: 'From',
  to: 'To',
  value: 'Value',
  type: 'Type',
  status: 'Status',
  pages: 'Internal transactions pages',
} as const);

/** The Events tab (contracts): the logs the contract emitted. `tab` is the tab's name (data: the ?tab= slug). */
export const EVENTS_TEXTS = withData(
  { tab: 'Events' } as const,
  defineTexts('sections.events', {
    pages: 'Events pages',
    empty: 'This contract emitted no events.',
    caption: 'Events emitted by the contract, newest first',
  } as const),
);
