/** Texts of the event-log cards (src/ui/LogList.tsx), shared by the transaction Logs tab and the address Events tab. */
import { defineTexts, withData } from '../lib/i18n';

/** `tab` is the tab's `?tab=` value (data; its label comes from tabLabel in common/specLabels.ts). */
export const LOG_TEXTS = withData(
  { tab: 'Logs' } as const,
  defineTexts('ui.logs', {
    empty: 'This transaction emitted no event logs.',
    loadFailed: 'The logs could not be loaded. Please try again later.',
    caption: 'Event logs of this transaction',
    address: 'Address',
    name: 'Name',
    topics: 'Topics',
    data: 'Data',
    block: 'Block',
    txn: 'Transaction',
    argName: 'Name',
    argType: 'Type',
    argValue: 'Value',
    indexed: 'indexed',
    verifiedAbi: "decoded with the verified contract's ABI",
    standardAbi: 'decoded as a standard event',
    raw: 'Not decoded: the contract is not verified and the event is not a standard one.',
    /** The log card's index badge, for screen readers. */
    logIndex: (n: number) => `Log index ${n}`,
  } as const),
);
