import { defineTexts } from '../../lib/i18n';

/** The tab's `?tab=` value (data: its label comes from tabLabel in common/specLabels.ts). */
export const CALL_TREE_TAB = 'Call tree' as const;

/** The transaction page's Call tree tab. */
export const CALL_TREE_TEXTS = defineTexts('callTree.texts', {
  label: 'Call tree of this transaction',
  loadFailed: 'The call tree could not be loaded. Please try again.',
  fromNode: "Every frame as the node's call tracer reports it.",
  fromIndex:
    'This node does not trace transactions: the tree is rebuilt from the indexed internal calls (outputs and revert reasons are not known).',
  incomplete: 'Only part of the tree is known: the block was indexed without call traces, or the tree is too large to show in full.',
  keysHint: 'Arrow keys move through the tree; Right and Left open and close a frame; Enter or Space toggles it.',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  reverted: 'Reverted',
  value: 'Value',
  gasUsed: 'Gas used',
  returned: 'Returned',
  output: 'Output',
  reason: 'Reason',
  noReason: 'no reason given',
  panic: (code: string, words: string) => `Panic ${code}: ${words}`,
  sourceLine: (file: string, line: string) => `${file}, line ${line}`,
  revertedAt: 'Reverted at',
  noSourceLine: 'No source line',
  creation: (bytes: string) => `creation code, ${bytes} bytes`,
  calls: (n: string) => `${n} calls`,
  rawInput: (bytes: string) => `input, ${bytes} bytes`,
  unknownCallee: 'a new contract',
} as const);
