/**
 * The HTTP status and wallet links of the SPA's pages.
 *
 * Status: a page whose screen will say "not found" answers 404 with that same page (crawlers and
 * link checkers then drop it): a path that is no route of the SPA (common/spec.ts ROUTES, matched
 * as wouter matches: regexparam, any case), a block the index does not hold (a number beyond the
 * indexed chain, an unknown hash), a transaction neither indexed nor known to the node (a hash the
 * node holds as pending stays 200: its page shows it pending), a malformed address, and a token or
 * contract page for an address that is none. A well-formed address the chain has not seen is a
 * real address with balance 0: 200 (docs/decisions.md#page-status). Each check is one indexed
 * lookup (a primary key or unique index), made before the page's head goes out; when it cannot
 * answer (the database or the node down, slow), the page is 200 and its screen says what it can.
 *
 * Wallet links (EIP-3091): `/tx/{hash}` and `/token/{address}` answer 301 to the explorer's own
 * pages, the query kept (a permanent move, so crawlers and bookmarks follow it once).
 */
import { inject, parse } from 'regexparam';
import { parseAddress } from '../../common/address';
import { ROUTES, type RouteName } from '../../common/spec';
import type { ApiContext } from '../core/context';

const HASH = /^0x[0-9a-fA-F]{64}$/;
/** How long the node may take to say whether it knows a transaction (pending) before the page goes out as 200. */
const NODE_WAIT_MS = 800;

const MATCHERS = (Object.entries(ROUTES) as [RouteName, string][]).map(([name, path]) => ({ name, ...parse(path) }));

/** The route a path is (the first that matches, as in src/app/routes.tsx) and its values, or null. */
export function matchRoute(pathname: string): { name: RouteName; params: Record<string, string> } | null {
  for (const m of MATCHERS) {
    const hit = m.pattern.exec(pathname);
    if (!hit) continue;
    const params: Record<string, string> = {};
    (m.keys || []).forEach((k, i) => (params[k] = decode(hit[i + 1] ?? '')));
    return { name: m.name, params };
  }
  return null;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The explorer's own page for an EIP-3091 wallet link (`/tx/…`, `/token/…`), or null. */
export function walletLinkTarget(pathname: string, search: string): string | null {
  const route = matchRoute(pathname);
  if (!route) return null;
  const q = search ? `?${search}` : '';
  const value = (k: string) => encodeURIComponent(route.params[k] ?? '');
  if (route.name === 'txAlias') return inject(ROUTES.transaction, { hash: value('hash') }) + q;
  if (route.name === 'tokenAlias') return inject(ROUTES.tokenDetail, { contractAddress: value('address') }) + q;
  return null;
}

/** 404 when the page's screen will say its subject does not exist, else 200 (see the file's comment). */
export async function pageStatus(ctx: ApiContext, pathname: string): Promise<200 | 404> {
  const route = matchRoute(pathname);
  if (!route) return 404;
  const p = route.params;
  try {
    switch (route.name) {
      case 'block':
      case 'blockAlias':
        return (await blockExists(ctx, p.blockNumber ?? p.value ?? '')) ? 200 : 404;
      case 'transaction':
        return (await transactionKnown(ctx, p.hash ?? '')) ? 200 : 404;
      case 'address':
        return parseAddress(p.address ?? '') ? 200 : 404;
      case 'tokenDetail':
        return (await contractKind(ctx, p.contractAddress ?? '')) === 'token' ? 200 : 404;
      case 'contractDetail':
      case 'contractDetailAlias':
        return (await contractKind(ctx, p.contractAddress ?? '')) ? 200 : 404;
      default:
        return 200;
    }
  } catch {
    return 200; // the database cannot say: the screen shows what it can (an outage, not a missing page)
  }
}

/** A block number (decimal or 0x quantity, as the API takes it) or hash the index holds. */
async function blockExists(ctx: ApiContext, value: string): Promise<boolean> {
  let query = ctx.db.selectFrom('blocks').select('number');
  if (HASH.test(value)) query = query.where('hash', '=', value.toLowerCase());
  else if (/^(0|[1-9]\d{0,14})$/.test(value)) query = query.where('number', '=', Number(value));
  else if (/^0x[0-9a-fA-F]{1,12}$/.test(value)) query = query.where('number', '=', Number.parseInt(value.slice(2), 16));
  else return false;
  return (await query.executeTakeFirst()) !== undefined;
}

/** Indexed, or else known to the node (pending, or mined and not indexed yet). */
async function transactionKnown(ctx: ApiContext, hash: string): Promise<boolean> {
  if (!HASH.test(hash)) return false;
  const row = await ctx.db.selectFrom('transactions').select('hash').where('hash', '=', hash.toLowerCase()).executeTakeFirst();
  if (row) return true;
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), NODE_WAIT_MS)));
  try {
    const tx = await Promise.race([ctx.rpc.call<unknown>('eth_getTransactionByHash', [hash.toLowerCase()]), slow]);
    return tx !== null; // 'slow' (or a transaction): the node may know it; not a 404
  } catch {
    return true; // the node cannot say
  } finally {
    clearTimeout(timer);
  }
}

/** 'token' (an RBC20 or an NFT collection), 'contract' (any other), or null (malformed, or not a contract). */
async function contractKind(ctx: ApiContext, input: string): Promise<'token' | 'contract' | null> {
  const address = parseAddress(input);
  if (!address) return null;
  const c = await ctx.db.selectFrom('contracts').select(['contract_type', 'is_nft']).where('address', '=', address).executeTakeFirst();
  if (!c) return null;
  return c.contract_type === 'rbc20' || c.is_nft ? 'token' : 'contract';
}
