import { defineTexts, withData } from '../../lib/i18n';

/** The State tab. `tab` is the tab's `?tab=` value (data; its label comes from tabLabel in common/specLabels.ts). */
export const STATE_TEXTS = withData(
  { tab: 'State' } as const,
  defineTexts('transactions.state', {
    accountsLabel: 'Addresses this transaction changed',
    balancesCaption: 'Balance changes',
    storageCaption: 'Storage slots changed',
    asset: 'Asset',
    before: 'Before',
    after: 'After',
    difference: 'Difference',
    slot: 'Slot',
    variable: 'Variable',
    increase: 'increase',
    decrease: 'decrease',
    noChange: 'no change',
    /** A balance the node could not give at that block (state pruned). */
    unknown: 'not known on this node',
    unnamedSlot: 'not named by the layout',
    nonce: (before: number, after: number) => `Nonce ${before} → ${after}`,
    roles: {
      sender: 'Sender',
      recipient: 'Recipient',
      created: 'Created contract',
      miner: 'Block producer (receives the priority fee)',
    },
    code: {
      created: 'Contract code created',
      changed: 'Code changed (an EIP-7702 delegation set or changed)',
      removed: 'Code removed',
    },
    layout: {
      unknown: 'Storage layout unknown: the verified source could not be compiled again here, so the slots are not named.',
      unverified: 'The contract is not verified: its slots are shown without names.',
    },
    sources: {
      prestateTracer: "From the node's trace of this transaction (prestateTracer in diff mode): every balance, nonce and storage change.",
      index:
        'The node could not trace this transaction (it offers no debug tracing, or no longer keeps the state before it), so these changes come from our index (the value, the fee and the internal transfers) and the balances from the node at the previous block where it still has them. Storage changes cannot be shown.',
      untraced: 'This block was indexed without call traces: coin moved by internal calls is not seen.',
    },
    reconciled: (burnt: string) => `The balance changes add up to −${burnt} RUBY: the fee burnt (base fee × gas used).`,
    notReconciled: (sum: string, burnt: string) =>
      `The balance changes add up to ${sum} RUBY, not −${burnt} RUBY (the burnt fee): some change is not shown here.`,
    notIndexed: 'This transaction is not indexed yet: its state changes appear once it is.',
    loadFailed: 'The state changes could not be read: the node or the database did not answer. Please try again.',
    empty: 'This transaction changed no state.',
  } as const),
);
