/** Internal transaction table headers (address, token and contract pages). */
export const INTERNAL_TEXTS = {
  hash: 'Parent txn hash',
  block: 'Block',
  age: 'Age',
  from: 'From',
  to: 'To',
  value: 'Value',
  type: 'Type',
  status: 'Status',
} as const;

/** The Events tab (contracts): the logs the contract emitted. */
export const EVENTS_TEXTS = {
  tab: 'Events',
  pages: 'Events pages',
  empty: 'This contract emitted no events.',
  caption: 'Events emitted by the contract, newest first',
} as const;
