/** Texts of the transaction page's Input data section. */
import { defineTexts } from '../../lib/i18n';

export const INPUT_TEXTS = defineTexts('transactions.inputData', {
  title: 'Input data',
  decoded: 'Decoded',
  raw: 'Raw hex',
  views: 'Input data view',
  function: 'Function',
  name: 'Name',
  type: 'Type',
  value: 'Value',
  args: 'Arguments',
  noArgs: 'No arguments.',
  undecoded: 'No verified ABI or standard signature matches this call: shown as raw hex.',
  copyRaw: 'Copy input data',
  sources: {
    verified: "decoded with the contract's verified ABI",
    implementation: "decoded with the verified ABI of the proxy's implementation",
    standard: 'decoded with a standard RBC20 / ERC-721 / DEX signature',
  },
} as const);
