/**
 * Issue #21: the server's English messages shown to users in Hindi (src/lib/serverMessages.ts):
 * exact ones, ones with values (a verification's no match, the node's refusal, a password too
 * short), the compiler's output kept apart as code; in English every message is shown exactly as
 * it came. keepTerms keeps code and data words as they are without changing the visible text.
 */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES } from '../../../common/api/feedback';
import { feedbackErrorText } from '../../../src/features/forms/texts';
import { setLocale } from '../../../src/lib/i18n/locale';
import { keepTerms } from '../../../src/lib/keepTerms';
import { localizeServerMessage, serverMessageValues, splitCompilerOutput } from '../../../src/lib/serverMessages';

const MISMATCH =
  'Bytecode mismatch: the compiled runtime code of HindiBox does not match the code deployed at r5FbDB2315678afecb367f032d93F642f64180aa3. Check the source, the contract name and the compiler settings (optimizer, runs, EVM version).';
const CREATION =
  'Bytecode mismatch: the compiled creation code of Box does not match the creation code on chain (transaction 0xabc123, created by r5FbDB2315678afecb367f032d93F642f64180aa3): they differ from byte 42';
const REFUSED = 'The node refused the transaction: eth_sendRawTransaction: Insufficient funds for gas * price + value';
const COMPILER = "Error uploading file: Compilation failed:\nParserError: Expected ';' but got 'function'\n --> Broken.sol:6:5:";

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

describe('server messages', () => {
  it('in English: every message exactly as the server sent it', () => {
    for (const m of [
      'Invalid email or password',
      MISMATCH,
      CREATION,
      REFUSED,
      'the password must be at least 8 characters',
      'anything else',
    ])
      expect(localizeServerMessage(m)).toBe(m);
    expect(splitCompilerOutput(COMPILER)).toEqual({
      sentence: 'Error uploading file: Compilation failed:',
      output: "ParserError: Expected ';' but got 'function'\n --> Broken.sol:6:5:",
    });
    expect(splitCompilerOutput('Not a Solidity file: the file is binary')).toBeNull();
    expect(feedbackErrorText(FEEDBACK_MESSAGES.descriptionTooShort)).toBe(FEEDBACK_MESSAGES.descriptionTooShort);
  });

  it('in Hindi: exact and valued messages translated, their values kept; an unknown one as it came', async () => {
    await setLocale('hi');
    expect(localizeServerMessage('Invalid email or password')).toBe('ईमेल या पासवर्ड गलत है');
    expect(localizeServerMessage('the email address is not valid')).toBe('ईमेल पता मान्य नहीं है');
    expect(localizeServerMessage('the password must be at least 8 characters')).toBe('पासवर्ड कम से कम 8 अक्षर का होना चाहिए');
    const mismatch = localizeServerMessage(MISMATCH);
    expect(mismatch).toContain('HindiBox');
    expect(mismatch).toContain('r5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(mismatch).not.toContain('Bytecode mismatch');
    expect(serverMessageValues(MISMATCH)).toEqual(['HindiBox', 'r5FbDB2315678afecb367f032d93F642f64180aa3']);
    const creation = localizeServerMessage(CREATION);
    for (const v of ['Box', '0xabc123', 'r5FbDB2315678afecb367f032d93F642f64180aa3', '42']) expect(creation).toContain(v);
    expect(creation).not.toMatch(/created by|differ from/);
    expect(localizeServerMessage(REFUSED)).toBe('नोड ने लेनदेन अस्वीकार कर दिया: खाते में गैस × कीमत + राशि के लिए पर्याप्त शेष राशि नहीं है');
    // A reason no node gives: shown as it came (the known ones: nodeReasons.test.tsx).
    expect(localizeServerMessage('The node refused the transaction: eth_sendRawTransaction: no such reason')).toBe(
      'नोड ने लेनदेन अस्वीकार कर दिया: no such reason',
    );
    expect(localizeServerMessage('something new')).toBe('something new');
    expect(localizeServerMessage('Failed to fetch')).toBe('सर्वर तक नहीं पहुँचा जा सका (नेटवर्क कनेक्शन जाँचें)');
    expect(splitCompilerOutput(COMPILER)?.sentence).toBe('Error uploading file: कंपाइल नहीं हो सका:');
    expect(feedbackErrorText(FEEDBACK_MESSAGES.descriptionTooShort)).toBe('विवरण में कम से कम 10 अक्षर होने चाहिए।');
  });

  it("the deploy form's refusals (server/services/deployCompile.ts): translated in Hindi with their values kept, exact in English", async () => {
    const refusals = [
      'Gold is not an RBC20 token: it does not implement the ERC20 interface (missing transfer(address,uint256)). Deploy it as a DApp instead.',
      'Invalid contract name "9lives": use the Solidity name of the contract (letters, digits, _ and $)',
      'Invalid contract type "nft": use RBC20 (token) or DApp',
      'Not a Solidity file: "notes.txt" is not a .sol file',
      'Please fill in all fields. Missing: contractName, solFile',
      'Unsupported constructor constructor(address): the explorer deploys contracts whose constructor takes no parameters, (string name, string symbol) or (string name, string symbol, uint256 initialSupply)',
      'The file is too large: a .sol file may have at most 512 KB',
    ];
    for (const m of refusals) expect(localizeServerMessage(m)).toBe(m);
    await setLocale('hi');
    const values = [
      ['Gold', 'transfer(address,uint256)'],
      ['9lives'],
      ['nft'],
      ['notes.txt'],
      ['contractName, solFile'],
      ['constructor(address)'],
      ['512'],
    ];
    refusals.forEach((m, i) => {
      const hindi = localizeServerMessage(m);
      expect(hindi).not.toBe(m);
      expect(hindi).toMatch(/[\u0900-\u097F]/); // Devanagari
      for (const v of values[i]!) expect(hindi).toContain(v);
      expect(serverMessageValues(m)).toEqual(values[i]);
    });
  });

  it('holders at a block (server/api/routes/holdersAt.ts): its refusals translated in Hindi with their values kept', async () => {
    const refusals = [
      ['Nothing is indexed yet', []],
      ['Give a block or a date, not both', []],
      ['No indexed block is as old as 2020-01-01', ['2020-01-01']],
      ['Block 900 is after the latest indexed block 812', ['900', '812']],
      ['Block 3 is before the indexed history (from block 40)', ['3', '40']],
      ['Invalid block "12x": use a block number', ['12x']],
      ['Invalid date "2024-13-01": use YYYY-MM-DD (UTC)', ['2024-13-01']],
    ] as const;
    for (const [m] of refusals) expect(localizeServerMessage(m)).toBe(m);
    await setLocale('hi');
    for (const [m, kept] of refusals) {
      const hindi = localizeServerMessage(m);
      expect(hindi, m).toMatch(/[\u0900-\u097F]/); // Devanagari
      for (const v of kept) expect(hindi).toContain(v);
    }
  });

  it('keepTerms marks whole words only and leaves the visible text as it was', () => {
    const text = 'The name of the contract (names aside), e.g. GoldToken in GoldToken.sol (.sol)';
    const { container } = render(<p>{keepTerms(text, ['name', 'GoldToken', '.sol'])}</p>);
    expect(container.textContent).toBe(text);
    expect([...container.querySelectorAll('[translate="no"]')].map((e) => e.textContent)).toEqual([
      'name',
      'GoldToken',
      'GoldToken',
      '.sol',
    ]);
  });
});
