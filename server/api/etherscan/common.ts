/**
 * What every Etherscan-style module shares: the answer envelope, the request's parameters, and
 * the parsing of addresses, blocks and paging with Etherscan's error texts.
 *
 * Shapes and texts follow Etherscan's API documentation (docs.etherscan.io, "API Endpoints" and
 * "Common Error Messages"): every answer is HTTP 200 `{ status: "1" | "0", message, result }`,
 * numbers are decimal strings, addresses lower-case `0x…`. Inputs accept `r…` as well as `0x…`.
 * A handler throws EtherscanError for bad input; the dispatcher answers it as `NOTOK`.
 */
import type { FastifyRequest } from 'fastify';
import { parseAddress } from '../../../common/address';
import type { ApiContext } from '../../core/context';

export type Params = Record<string, string>;
export interface EtherscanAnswer {
  status: '0' | '1';
  message: string;
  result: unknown;
}
/** One action: the request's parameters (lower-cased names) in, an answer out. */
export type Action = (ctx: ApiContext, p: Params, req: FastifyRequest) => Promise<unknown>;
export type ActionTable = Readonly<Record<string, Action>>;

export const ok = (result: unknown): EtherscanAnswer => ({ status: '1', message: 'OK', result });
export const notOk = (result: unknown): EtherscanAnswer => ({ status: '0', message: 'NOTOK', result });
/** Etherscan answers an empty list with status "0" and one of two messages (ethers reads both). */
export const NO_TRANSACTIONS = 'No transactions found';
export const NO_RECORDS = 'No records found';
export const empty = (message: string = NO_TRANSACTIONS): EtherscanAnswer => ({ status: '0', message, result: [] });
export const list = (rows: unknown[], message: string = NO_TRANSACTIONS): EtherscanAnswer =>
  rows.length === 0 ? empty(message) : ok(rows);
/** An answer already serialized as JSON text (getLogs builds its own); the dispatcher sends it as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** The texts of Etherscan's errors; those Etherscan documents are marked (E), ours follow their style. */
export const ES_ERRORS = {
  module: 'Error! Missing Or invalid Module name', // (E)
  action: 'Error! Missing Or invalid Action name', // (E)
  address: 'Error! Invalid address format', // (E)
  window: 'Result window is too large, PageNo x Offset size must be less than or equal to 10000', // (E)
  blockPassed: 'Error! Block number already pass', // (E)
  notVerified: 'Contract source code not verified', // (E)
  /** (E) Etherscan's words for wrong constructor arguments; hardhat-verify matches "correct constructor argument" and then
   *  does not resubmit with the full input. Said after our own precise message. */
  constructorArgs: 'Please check if the correct constructor arguments were entered',
  rateLimit: 'Max rate limit reached', // (E, without the "please use API Key" tail)
  chainId:
    'Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids', // (E)
  blockRange: 'Error! Invalid block range',
  page: 'Error! Invalid page number',
  offset: 'Error! Invalid offset',
  sort: 'Error! Invalid sort order, use asc or desc',
  txHash: 'Error! Invalid transaction hash',
  blockNo: 'Error! Invalid block number',
  timestamp: 'Error! Invalid timestamp',
  closest: 'Error! Invalid closest parameter, use before or after',
  noClosest: 'Error! No closest block found',
  tooManyAddresses: 'Error! Maximum number of addresses is 20',
  contractAddress: 'Error! Invalid contractaddress format',
  missingAddress: 'Error! Missing address or contractaddress',
  topic: 'Error! Invalid topic, expected 0x + 64 hex digits',
  topicOpr: 'Error! Invalid topic operator, use and or or',
} as const;

export class EtherscanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EtherscanError';
  }
}

/** Query and body fields, names lower-cased (clients spell them `contractAddress`, `apiKey`…). */
export function paramsOf(req: FastifyRequest): Params {
  const out: Params = {};
  const add = (src: unknown) => {
    if (typeof src !== 'object' || src === null) return;
    for (const [k, raw] of Object.entries(src as Record<string, unknown>)) {
      // A repeated key (?a=1&a=2) arrives as a list: the first one counts.
      const v: unknown = Array.isArray(raw) ? raw[0] : raw;
      if (typeof v === 'string') out[k.toLowerCase()] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k.toLowerCase()] = String(v);
    }
  };
  add(req.query);
  add(req.body);
  return out;
}

/** Lower-case `0x…` of an `r…`/`0x…` parameter; throws Etherscan's error when it is not one. */
export function addressParam(p: Params, name = 'address', message: string = ES_ERRORS.address): string {
  const a = parseAddress((p[name] ?? '').trim());
  if (!a) throw new EtherscanError(message);
  return a;
}

export function optionalAddress(p: Params, name: string, message: string = ES_ERRORS.address): string | null {
  return (p[name] ?? '').trim() === '' ? null : addressParam(p, name, message);
}

const HASH = /^0x[0-9a-fA-F]{64}$/;
export function hashParam(p: Params, name = 'txhash'): string {
  const h = (p[name] ?? '').trim();
  if (!HASH.test(h)) throw new EtherscanError(ES_ERRORS.txHash);
  return h.toLowerCase();
}

/** Etherscan's open-ended endblock. */
export const MAX_BLOCK = 9_999_999_999;
const DIGITS = /^\d{1,15}$/;

/** A non-negative decimal integer parameter, `fallback` when absent; throws `message` when malformed. */
export function intParam(p: Params, name: string, fallback: number, message: string): number {
  const raw = (p[name] ?? '').trim();
  if (raw === '') return fallback;
  if (!DIGITS.test(raw)) throw new EtherscanError(message);
  return Number(raw);
}

/** The window every list answers within: page × offset ≤ 10,000 records. */
export const RECORD_WINDOW = 10_000;

export interface Paging {
  startBlock: number;
  endBlock: number;
  /** Rows to skip and rows to answer. */
  skip: number;
  limit: number;
  sort: 'asc' | 'desc';
}

/**
 * page / offset / sort / startblock / endblock as Etherscan reads them: page from 1, offset the
 * page size (absent: the whole 10,000-record window), sort asc by default.
 */
export function pagingOf(p: Params, opts: { maxOffset?: number; fromName?: string; toName?: string } = {}): Paging {
  const startBlock = intParam(p, opts.fromName ?? 'startblock', 0, ES_ERRORS.blockRange);
  const toRaw = (p[opts.toName ?? 'endblock'] ?? '').trim().toLowerCase();
  const endBlock = toRaw === 'latest' ? MAX_BLOCK : intParam(p, opts.toName ?? 'endblock', MAX_BLOCK, ES_ERRORS.blockRange);
  if (startBlock > endBlock) throw new EtherscanError(ES_ERRORS.blockRange);
  const page = intParam(p, 'page', 1, ES_ERRORS.page);
  const maxOffset = opts.maxOffset ?? RECORD_WINDOW;
  // offset=0 reads as "no page size" on Etherscan, like an absent one.
  const offset = Math.min(intParam(p, 'offset', maxOffset, ES_ERRORS.offset) || maxOffset, maxOffset);
  if (page < 1) throw new EtherscanError(ES_ERRORS.page);
  if (page * offset > RECORD_WINDOW) throw new EtherscanError(ES_ERRORS.window);
  const sort = (p.sort ?? 'asc').trim().toLowerCase();
  if (sort !== 'asc' && sort !== 'desc') throw new EtherscanError(ES_ERRORS.sort);
  return { startBlock, endBlock, skip: (page - 1) * offset, limit: offset, sort };
}
