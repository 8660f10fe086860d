/**
 * Parsing of path parameters. Every parser throws a 400 ApiError with a clear message; nothing
 * malformed reaches a query.
 */
import { parseAddress } from '../../common/address';
import { badRequest } from './http';

export const MAX_PAGE_SIZE = 200;
/** Far beyond any real list; keeps OFFSET arithmetic in safe integers. */
export const MAX_PAGE = 10_000_000;

const WHOLE = /^[0-9]{1,16}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
}

export interface Page {
  page: number;
  size: number;
  offset: number;
}

export function parsePage(page: string, size: string, maxSize: number = MAX_PAGE_SIZE): Page {
  const p = WHOLE.test(page) ? Number(page) : NaN;
  if (!Number.isInteger(p) || p < 1 || p > MAX_PAGE)
    throw badRequest(`Invalid page number "${clip(page)}": use a whole number from 1 to ${MAX_PAGE}`);
  const s = WHOLE.test(size) ? Number(size) : NaN;
  if (!Number.isInteger(s) || s < 1 || s > maxSize)
    throw badRequest(`Invalid page size "${clip(size)}": use a whole number from 1 to ${maxSize}`);
  return { page: p, size: s, offset: (p - 1) * s };
}

/**
 * How deep a page of an OFFSET-paged list may lie, in rows from the nearer end of the list
 * (newest or oldest): past it the page is refused, so no request makes the database skip more
 * (Etherscan caps page × offset at 10,000 too).
 */
export const MAX_PAGE_DEPTH = 10_000;

/** Refuses a page deeper than MAX_PAGE_DEPTH rows from both ends of a list of `total` rows. */
export function checkPageDepth(page: Page, total: number): void {
  if (page.offset + page.size <= MAX_PAGE_DEPTH || total - page.offset <= MAX_PAGE_DEPTH) return;
  throw badRequest(
    `Page ${page.page} is too deep: only the newest and the oldest ${MAX_PAGE_DEPTH.toLocaleString('en-US')} rows of a list can be paged to (page × size up to ${MAX_PAGE_DEPTH.toLocaleString('en-US')} from either end)`,
  );
}

/**
 * A page of a list read by OFFSET from its newest end only: refused past the first
 * MAX_PAGE_DEPTH rows (page × size), so no request makes the database skip more.
 */
export function parseShallowPage(page: string, size: string, maxSize: number = MAX_PAGE_SIZE): Page {
  const p = parsePage(page, size, maxSize);
  if (p.offset + p.size > MAX_PAGE_DEPTH)
    throw badRequest(
      `Page ${p.page} is too deep: only the first ${MAX_PAGE_DEPTH.toLocaleString('en-US')} rows of this list can be paged to (page × size up to ${MAX_PAGE_DEPTH.toLocaleString('en-US')})`,
    );
  return p;
}

/** The pagination totals of a list of `total` rows. */
export function pageTotals(total: number, page: Page): { totalTransactions: number; totalPages: number; currentPage: number } {
  return { totalTransactions: total, totalPages: Math.ceil(total / page.size), currentPage: page.page };
}

/** Lowercase 0x address from `r…` or `0x…` in any case. */
export function parseAddressParam(input: string): string {
  const a = parseAddress(input);
  if (a === null) throw badRequest(`Invalid address "${clip(input)}": use r or 0x followed by 40 hex digits`);
  return a;
}

/** Lowercase 0x + 64 hex (transaction or block hash). */
export function parseHashParam(input: string, what = 'transaction hash'): string {
  if (!HASH.test(input)) throw badRequest(`Invalid ${what} "${clip(input)}": use 0x followed by 64 hex digits`);
  return input.toLowerCase();
}

export function isHash(input: string): boolean {
  return HASH.test(input);
}

/** A block number (decimal, or 0x hex quantity) or a block hash. */
export function parseBlockParam(input: string): { number: number } | { hash: string } {
  if (HASH.test(input)) return { hash: input.toLowerCase() };
  let n = NaN;
  if (WHOLE.test(input)) n = Number(input);
  else if (/^0x[0-9a-fA-F]{1,13}$/.test(input)) n = Number.parseInt(input.slice(2), 16);
  if (!Number.isSafeInteger(n) || n < 0) throw badRequest(`Invalid block "${clip(input)}": use a block number or a 0x block hash`);
  return { number: n };
}
