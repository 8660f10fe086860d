/**
 * The server's known English messages shown to users, translated: a table keyed by the
 * exact English the API sends; a message not in it is shown as it comes. The server itself always
 * answers in English (API clients compare its words); the SPA translates where it shows them.
 */
import { currentLocale, defineTexts } from './i18n';
import { translateNodeReason } from './nodeReasons';
import { FILTER_ERRORS } from '../../common/advancedFilter';

const SOURCE = {
  internalError: 'Internal error',
  noData: 'No data found',
  noRecords: 'No records found',
  noResults: 'No results found',
  noTransactions: 'No transactions found',
  badJson: 'Invalid request: the body is not valid JSON',
  longParam: 'Invalid request: a path parameter is too long',
  badEscape: 'Invalid request: malformed URL (bad % escape)',
  badAddress: 'Invalid Address format',
  badContractAddress: 'Invalid contractaddress format',
  badLogin: 'Invalid email or password',
  expiredToken: 'Invalid or expired token: log in again',
  badKey: 'Invalid private key',
  badKeyCurve: 'Invalid private key: it is not a valid secp256k1 key',
  badKeyHex: 'Invalid private key: use 64 hex digits, with or without 0x',
  badAmount: 'Invalid amount: it must be greater than 0',
  badData: 'Invalid data: use 0x followed by hex bytes',
  badValue: 'Invalid value: wei as decimal digits',
  rawUnsigned: 'Invalid raw transaction: it is not signed',
  rawUndecodable: 'Invalid raw transaction: not a decodable signed transaction',
  rawHex: 'Invalid raw transaction: use 0x followed by the signed transaction bytes in hex',
  badSignature: 'Invalid signature: not a signature of the challenge',
  foreignSignature: 'Invalid signature: the challenge was not signed by this wallet',
  noWallet: 'No wallet is linked to this account yet',
  walletLinked: 'Wallet linked successfully',
  loginSuccessful: 'Login successful',
  notSolidityBinary: 'Not a Solidity file: the file is binary',
  notSolidityText: 'Not a Solidity file: the file is not UTF-8 text',
  notSolidityContract: 'Not a Solidity file: no contract definition found in it',
  missingContractName: 'Missing contractname',
  missingSource: 'Missing sourceCode',
  badConstructorArgs: 'Invalid constructor arguments: give the ABI-encoded arguments as hex',
  noConstructorArgs: 'Constructor arguments were given, but the constructor takes none (and none were sent on chain)',
  verifyInterrupted: 'The verification job was interrupted; submit it again',
  verifyServerFailed: 'The verification failed on the server; try again later',
  noStatusTrue: 'The server answered without status: true',
  compilationFailed: 'Compilation failed:',
  alreadyVerified: 'Contract source code already verified',
  emailRequired: 'the email is required',
  emailInvalid: 'the email address is not valid',
  passwordRequired: 'the password is required',
  emailTaken: 'an account with this email already exists',
  registered: 'Registration successful',
  otherAccount: 'This token belongs to another account',
  // No answer at all: the browser's own words for a failed fetch (Chromium, Firefox, Safari).
  fetchFailed: 'Failed to fetch',
  fetchFailedFirefox: 'NetworkError when attempting to fetch resource.',
  fetchFailedSafari: 'Load failed',
  // Holders at a block (server/api/routes/holdersAt.ts).
  nothingIndexed: 'Nothing is indexed yet',
  blockOrDate: 'Give a block or a date, not both',
} as const;

/** Messages the server builds with values in them; matched by PATTERNS below. */
export const SERVER_PATTERN_TEXTS = defineTexts('lib.serverPatterns', {
  runtimeMismatch: ({ name, at }: { name: string; at: string }) =>
    `Bytecode mismatch: the compiled runtime code of ${name} does not match the code deployed at ${at}. Check the source, the contract name and the compiler settings (optimizer, runs, EVM version).`,
  creationMismatch: ({ name, tx }: { name: string; tx: string }) =>
    `Bytecode mismatch: the compiled creation code of ${name} does not match the creation code on chain (transaction ${tx})`,
  createdBy: ({ factory }: { factory: string }) => `, created by ${factory}`,
  differFrom: ({ byte }: { byte: string }) => `: they differ from byte ${byte}`,
  notDeployed: ({ at }: { at: string }) => `Unable to locate ContractCode at ${at}: no contract is deployed there`,
  passwordMin: ({ n }: { n: string }) => `the password must be at least ${n} characters`,
  passwordMax: ({ n }: { n: string }) => `the password must be at most ${n} characters`,
  nodeRefused: ({ reason }: { reason: string }) => `The node refused the transaction: ${reason}`,
  wouldFail: ({ reason }: { reason: string }) => `The transaction would fail: ${reason}`,
  // A deployment's refusals by the node (server/services/verifiedDeploy.ts) and the relay's chain check (server/wallet/transactions.ts).
  deployNoFunds: ({ account }: { account: string }) => `The account ${account} has not enough RUBY to pay for the deployment`,
  constructorReverted: ({ reason }: { reason: string }) => `The constructor reverted: ${reason}`,
  nodeRefusedRetry: ({ reason }: { reason: string }) => `The node refused the transaction (${reason}); try again`,
  nodeRefusedDeploy: ({ reason }: { reason: string }) => `The node refused the deployment: ${reason}`,
  rawWrongChain: ({ got, want }: { got: string; want: string }) => `Invalid raw transaction: chain id ${got} is not this chain's (${want})`,
  // The deploy form's refusals (server/services/deployCompile.ts).
  notRbc20: ({ name, missing }: { name: string; missing: string }) =>
    `${name} is not an RBC20 token: it does not implement the ERC20 interface (missing ${missing}). Deploy it as a DApp instead.`,
  badContractName: ({ name }: { name: string }) =>
    `Invalid contract name "${name}": use the Solidity name of the contract (letters, digits, _ and $)`,
  badContractType: ({ type }: { type: string }) => `Invalid contract type "${type}": use RBC20 (token) or DApp`,
  notSolFile: ({ file }: { file: string }) => `Not a Solidity file: "${file}" is not a .sol file`,
  missingFields: ({ missing }: { missing: string }) => `Please fill in all fields. Missing: ${missing}`,
  unsupportedConstructor: ({ signature }: { signature: string }) =>
    `Unsupported constructor ${signature}: the explorer deploys contracts whose constructor takes no parameters, (string name, string symbol) or (string name, string symbol, uint256 initialSupply)`,
  fileTooLarge: ({ n }: { n: string }) => `The file is too large: a .sol file may have at most ${n} KB`,
  // Holders or balances at a block (server/api/routes/holdersAt.ts).
  noBlockThatOld: ({ date }: { date: string }) => `No indexed block is as old as ${date}`,
  blockAfterHead: ({ block, head }: { block: string; head: string }) => `Block ${block} is after the latest indexed block ${head}`,
  blockBeforeHistory: ({ block, start }: { block: string; start: string }) =>
    `Block ${block} is before the indexed history (from block ${start})`,
} as const);

/** The data found while one message is translated (a revert's reason, the node's details): see shownData. */
let found: string[] = [];

/** The node's reason (the server passes it on after the JSON-RPC method): a known one translated (nodeReasons.ts), any other as it came. */
function nodeReason(reason: string): string {
  const r = translateNodeReason(reason.replace(/^eth_\w+: /, ''));
  found.push(...r.data);
  return r.text;
}

const P = SERVER_PATTERN_TEXTS;
/** The server's messages with values (server/services/verifiedCheck.ts, server/auth/users.ts), in Hindi from their parts. */
const PATTERNS: readonly (readonly [RegExp, (m: readonly (string | undefined)[]) => string])[] = [
  [
    /^Bytecode mismatch: the compiled runtime code of (\S+) does not match the code deployed at (\S+)\. Check the source, the contract name and the compiler settings \(optimizer, runs, EVM version\)\.$/,
    ([, name = '', at = '']) => P.runtimeMismatch({ name, at }),
  ],
  [
    /^Bytecode mismatch: the compiled creation code of (\S+) does not match the creation code on chain \(transaction (0x[0-9a-fA-F]+)(?:, created by (\S+))?\)(?:: they differ from byte (\d+))?$/,
    ([, name = '', tx = '', factory, byte]) =>
      `${P.creationMismatch({ name, tx })}${factory ? P.createdBy({ factory }) : ''}${byte ? P.differFrom({ byte }) : ''}`,
  ],
  [/^Unable to locate ContractCode at (\S+): no contract is deployed there$/, ([, at = '']) => P.notDeployed({ at })],
  [/^The node refused the transaction: (?:eth_\w+: )?([\s\S]*)$/, ([, reason = '']) => P.nodeRefused({ reason: nodeReason(reason) })],
  [/^The transaction would fail: (?:eth_\w+: )?([\s\S]*)$/, ([, reason = '']) => P.wouldFail({ reason: nodeReason(reason) })],
  [
    /^The account (\S+) has not enough RUBY to pay for the deployment$/,
    ([, account = '']) => {
      found.push(account);
      return P.deployNoFunds({ account });
    },
  ],
  [/^The constructor reverted: ([\s\S]*)$/, ([, reason = '']) => P.constructorReverted({ reason: nodeReason(reason) })],
  [/^The node refused the transaction \(([\s\S]*)\); try again$/, ([, reason = '']) => P.nodeRefusedRetry({ reason: nodeReason(reason) })],
  [/^The node refused the deployment: ([\s\S]*)$/, ([, reason = '']) => P.nodeRefusedDeploy({ reason: nodeReason(reason) })],
  [/^Invalid raw transaction: chain id (\d+) is not this chain's \((\d+)\)$/, ([, got = '', want = '']) => P.rawWrongChain({ got, want })],
  [/^the password must be at least (\d+) characters$/, ([, n = '']) => P.passwordMin({ n })],
  [/^the password must be at most (\d+) characters$/, ([, n = '']) => P.passwordMax({ n })],
  [
    /^(\S+) is not an RBC20 token: it does not implement the ERC20 interface \(missing ([\s\S]+)\)\. Deploy it as a DApp instead\.$/,
    ([, name = '', missing = '']) => P.notRbc20({ name, missing }),
  ],
  [
    /^Invalid contract name "([\s\S]*)": use the Solidity name of the contract \(letters, digits, _ and \$\)$/,
    ([, name = '']) => P.badContractName({ name }),
  ],
  [/^Invalid contract type "([\s\S]*)": use RBC20 \(token\) or DApp$/, ([, type = '']) => P.badContractType({ type })],
  [/^Not a Solidity file: "([\s\S]*)" is not a \.sol file$/, ([, file = '']) => P.notSolFile({ file })],
  [/^Please fill in all fields\. Missing: ([\s\S]+)$/, ([, missing = '']) => P.missingFields({ missing })],
  [
    /^Unsupported constructor (.+?): the explorer deploys contracts whose constructor takes no parameters, \(string name, string symbol\) or \(string name, string symbol, uint256 initialSupply\)$/,
    ([, signature = '']) => P.unsupportedConstructor({ signature }),
  ],
  [/^The file is too large: a \.sol file may have at most (\d+) KB$/, ([, n = '']) => P.fileTooLarge({ n })],
  [/^No indexed block is as old as (\S+)$/, ([, date = '']) => P.noBlockThatOld({ date })],
  [/^Block (\d+) is after the latest indexed block (\d+)$/, ([, block = '', head = '']) => P.blockAfterHead({ block, head })],
  [
    /^Block (\d+) is before the indexed history \(from block (\d+)\)$/,
    ([, block = '', start = '']) => P.blockBeforeHistory({ block, start }),
  ],
  // The advanced filter's and the holders' field checks (common/advancedFilter.ts): the same words, translated there.
  [/^Invalid (\w+) "([\s\S]*)": use a block number$/, ([, field = '', value = '']) => FILTER_ERRORS.block(field, value)],
  [/^Invalid (\w+) "([\s\S]*)": use YYYY-MM-DD \(UTC\)$/, ([, field = '', value = '']) => FILTER_ERRORS.date(field, value)],
];

type Key = keyof typeof SOURCE;
export const SERVER_MESSAGE_TEXTS = defineTexts('lib.serverMessages', SOURCE);
const BY_ENGLISH = new Map<string, Key>((Object.entries(SOURCE) as [Key, string][]).map(([key, english]) => [english, key]));

/** A server message in the active language: a known English message translated, any other as it came. */
export function localizeServerMessage(message: string): string;
export function localizeServerMessage(message: string | undefined): string | undefined;
export function localizeServerMessage(message: string | undefined): string | undefined {
  // English is the server's own language: its words are shown exactly as they came.
  if (message === undefined || currentLocale() === 'en') return message;
  const key = BY_ENGLISH.get(message.trim());
  if (key !== undefined) return SERVER_MESSAGE_TEXTS[key];
  for (const [pattern, text] of PATTERNS) {
    const m = pattern.exec(message.trim());
    if (!m) continue;
    found = [];
    const shown = text(m);
    remember(shown, found);
    return shown;
  }
  return message;
}

/** Translated messages with data in them, newest last (a few: a form shows one message at a time). */
const SHOWN = new Map<string, readonly string[]>();
function remember(shown: string, data: readonly string[]): void {
  if (data.length === 0) return;
  SHOWN.delete(shown);
  SHOWN.set(shown, data);
  if (SHOWN.size > 20) SHOWN.delete(SHOWN.keys().next().value as string);
}

/**
 * The data (a revert's reason, a node's details, an address) in a text that shows a message
 * localizeServerMessage translated, alone or inside a longer sentence ('Transaction failed: …'):
 * the terms to keep as they are (keepTerms). None in English, where nothing is translated.
 */
export function shownData(text: string): string[] {
  const out: string[] = [];
  for (const [shown, data] of SHOWN) if (text.includes(shown)) out.push(...data);
  return out;
}

/** The values (names, addresses, hashes, numbers) in a server message of PATTERNS: data, kept as they are when shown (keepTerms). */
export function serverMessageValues(message: string): string[] {
  for (const [pattern] of PATTERNS) {
    const m = pattern.exec(message.trim());
    if (m) return m.slice(1).filter((v): v is string => v !== undefined && v !== '');
  }
  return [];
}

/**
 * A message holding the server's compiler failure ('Compilation failed:' and a new line, then
 * solc's own diagnostics with file:line): the words before it with 'Compilation failed:' in the
 * active language, and the compiler's output, which is code (shown in <pre lang="en">, never
 * translated). Null for any other message.
 */
export function splitCompilerOutput(message: string): { sentence: string; output: string } | null {
  const at = message.indexOf(`${SOURCE.compilationFailed}\n`);
  if (at < 0) return null;
  return {
    sentence: `${message.slice(0, at)}${SERVER_MESSAGE_TEXTS.compilationFailed}`,
    output: message.slice(at + SOURCE.compilationFailed.length + 1),
  };
}
