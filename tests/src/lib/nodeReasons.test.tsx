/**
 * Issue #21: a node's refusal of a transaction in Hindi (src/lib/nodeReasons.ts through
 * serverMessages.ts), with the wordings real nodes give: anvil 1.7.1's as it answered them on the
 * devnet (a raw transaction with too little gas, a fee cap under the base fee, the same one sent
 * twice…) and geth's (core/error.go, core/txpool/errors.go) with the details it appends. In English
 * every message stays exactly as the server sent it; in Hindi the reason is translated and its data
 * (a revert's reason, the node's details, an address) kept as it came and marked translate="no".
 */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../src/lib/i18n/locale';
import { keepTerms } from '../../../src/lib/keepTerms';
import { knownNodeReason } from '../../../src/lib/nodeReasons';
import { localizeServerMessage, shownData } from '../../../src/lib/serverMessages';

const DEVANAGARI = /[\u0900-\u097F]/;
const refused = (reason: string) => `The node refused the transaction: eth_sendRawTransaction: ${reason}`;

/** [the node's words, the reason it is, the data kept from it] */
const REASONS: readonly [string, string, string][] = [
  // anvil 1.7.1 (provoked on the devnet)
  ['nonce too low', 'nonceTooLow', ''],
  ['intrinsic gas too low', 'intrinsicGasLow', ''],
  ['intrinsic gas too high -- tx.gas_limit > env.block.gas_limit', 'blockGasLimit', 'tx.gas_limit > env.block.gas_limit'],
  ['max fee per gas less than block base fee', 'feeBelowBaseFee', ''],
  ['max priority fee per gas higher than max fee per gas', 'tipAboveFee', ''],
  ['replacement transaction underpriced', 'replacementUnderpriced', ''],
  ['transaction already imported', 'alreadyKnown', ''],
  ['invalid chain id for signer', 'wrongChain', ''],
  ['Failed to decode transaction', 'undecodable', ''],
  ['Insufficient funds for gas * price + value', 'insufficientFunds', ''],
  ['execution reverted: nope', 'reverted', 'nope'],
  // geth, with its details
  [
    'nonce too low: address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F, tx: 0 state: 5',
    'nonceTooLow',
    'address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F, tx: 0 state: 5',
  ],
  [
    'nonce too high: address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F, tx: 9 state: 5',
    'nonceTooHigh',
    'address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F, tx: 9 state: 5',
  ],
  ['intrinsic gas too low: have 20000, want 21000', 'intrinsicGasLow', 'have 20000, want 21000'],
  ['exceeds block gas limit', 'blockGasLimit', ''],
  ['gas limit reached', 'gasLimitReached', ''],
  ['transaction underpriced: tip needed 1, tip permitted 0', 'underpriced', 'tip needed 1, tip permitted 0'],
  ['already known', 'alreadyKnown', ''],
  ['invalid sender', 'invalidSender', ''],
  ['invalid transaction v, r, s values', 'invalidSignature', ''],
  [
    'insufficient funds for gas * price + value: address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F have 0 want 21000',
    'insufficientFunds',
    'address 0x71C7656EC7ab88b098defB751B7401B5f6d8976F have 0 want 21000',
  ],
  ['execution reverted', 'reverted', ''],
  ['gas required exceeds allowance (30000000)', 'gasExceedsAllowance', '(30000000)'],
];

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

describe("a node's refusal", () => {
  it('knows the reasons anvil and geth give, and their data', () => {
    for (const [words, key, data] of REASONS) expect(knownNodeReason(words), words).toEqual({ key, data });
    expect(knownNodeReason('something no node says')).toBeNull();
  });

  it('in English: every message exactly as the server sent it, no data marked', () => {
    for (const [words] of REASONS) {
      for (const m of [
        refused(words),
        `The transaction would fail: eth_estimateGas: ${words}`,
        `The node refused the deployment: ${words}`,
      ])
        expect(localizeServerMessage(m)).toBe(m);
    }
    expect(shownData('Transaction failed: The node refused the transaction: eth_sendRawTransaction: execution reverted: nope')).toEqual([]);
  });

  it('in Hindi: the reason translated, no English left but its data, which is kept and marked', async () => {
    await setLocale('hi');
    for (const [words, , data] of REASONS) {
      const hindi = localizeServerMessage(refused(words));
      expect(hindi, words).toMatch(DEVANAGARI);
      if (data !== '') expect(hindi).toContain(data);
      // Without its data, nothing Latin is left (single letters such as v, r, s aside).
      expect(hindi.replace(data, ''), words).not.toMatch(/[A-Za-z]{2,}/);
      const shown = `लेनदेन विफल: ${hindi}`;
      expect(shownData(shown)).toEqual(data === '' ? [] : [data]);
      const { container } = render(<p>{keepTerms(shown, shownData(shown))}</p>);
      expect(container.textContent).toBe(shown);
      expect([...container.querySelectorAll('[translate="no"]')].map((e) => e.textContent)).toEqual(data === '' ? [] : [data]);
    }
    expect(localizeServerMessage(refused('nonce too low'))).toBe(
      'नोड ने लेनदेन अस्वीकार कर दिया: नॉन्स बहुत कम है: इस नॉन्स वाला लेनदेन पहले ही शामिल हो चुका है',
    );
    expect(localizeServerMessage(refused('something no node says'))).toBe('नोड ने लेनदेन अस्वीकार कर दिया: something no node says');
  });

  it("in Hindi: a deployment's refusals (verifiedDeploy.ts) and the relay's chain check, their values kept", async () => {
    const account = 'r71C7656EC7ab88b098defB751B7401B5f6d8976F';
    const messages: [string, string[]][] = [
      [`The account ${account} has not enough RUBY to pay for the deployment`, [account]],
      ['The constructor reverted: execution reverted: supply too large', ['supply too large']],
      ['The node refused the transaction (nonce too low); try again', []],
      ['The node refused the deployment: replacement transaction underpriced', []],
      ["Invalid raw transaction: chain id 1 is not this chain's (18215)", []],
    ];
    for (const [m] of messages) expect(localizeServerMessage(m)).toBe(m);
    await setLocale('hi');
    for (const [m, data] of messages) {
      const hindi = localizeServerMessage(m);
      expect(hindi, m).toMatch(DEVANAGARI);
      expect(data.reduce((s, d) => s.replace(d, ''), hindi).replace(/\bRUBY\b/, ''), m).not.toMatch(/[A-Za-z]{2,}/);
      expect(shownData(hindi)).toEqual(data);
    }
  });
});
