import { defineTexts } from '../../lib/i18n';

/** Texts of the proxy section of the contract page. */
export const PROXY_TEXTS = defineTexts('sections.proxy', {
  title: 'Proxy',
  arrow: '→',
  implementation: 'implementation',
  beacon: 'Beacon',
  history: 'Upgrade history',
  noHistory: 'No upgrade events indexed for this proxy.',
  upgraded: 'Upgraded to',
  beaconUpgraded: 'Beacon set to',
  block: 'block',
  stale: 'Last known reading: the node cannot be reached right now.',
  readAsProxy: 'Read as proxy',
  readAsProxyNote: "Functions of the implementation's verified ABI, called on this proxy's address.",
  implementationUnverified: 'The implementation is not verified: verify it to read this proxy with its functions.',
  kinds: {
    eip1967: 'EIP-1967',
    'eip1967-beacon': 'EIP-1967 beacon',
    eip1822: 'EIP-1822 (UUPS)',
    eip1167: 'EIP-1167 minimal proxy',
    getter: 'implementation() getter',
  },
} as const);
