/**
 * The server's known English messages shown to users, translated (issue #21): a table keyed by the
 * exact English the API sends; a message not in it is shown as it comes. The server itself always
 * answers in English (API clients compare its words); the SPA translates where it shows them.
 */
import { defineTexts } from './i18n';

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
} as const;

type Key = keyof typeof SOURCE;
export const SERVER_MESSAGE_TEXTS = defineTexts('lib.serverMessages', SOURCE);
const BY_ENGLISH = new Map<string, Key>((Object.entries(SOURCE) as [Key, string][]).map(([key, english]) => [english, key]));

/** A server message in the active language: a known English message translated, any other as it came. */
export function localizeServerMessage(message: string): string;
export function localizeServerMessage(message: string | undefined): string | undefined;
export function localizeServerMessage(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = BY_ENGLISH.get(message.trim());
  return key === undefined ? message : SERVER_MESSAGE_TEXTS[key];
}
