/**
 * GET /api/v2/search and /search/check-redirect from the search our header box runs
 * (queries/search.ts: resolveSearch for an address, hash or block number, matchContracts for a
 * name, symbol or public name tag), in Blockscout's search item shapes.
 */
import { parseAddress, toChecksumHexAddress } from '../../../common/address';
import type { ApiContext } from '../../core/context';
import type { Tags } from '../../queries/search';
import { matchContracts, resolveSearch } from '../../queries/search';
import { addressBook, bsTime } from './common';

type Found = NonNullable<Awaited<ReturnType<typeof resolveSearch>>>;

const RESULT_TYPES = { alladdress: 'address', transaction: 'transaction', block: 'block' } as const;

/** Where Blockscout's check-redirect sends a term, or no redirect. */
export async function bsCheckRedirect(ctx: ApiContext, q: string, tags: Tags) {
  const found = await resolveSearch(ctx, q, tags);
  if (!found) return { redirect: false, type: null, parameter: null };
  const parameter = found.result === 'alladdress' ? toChecksumHexAddress(String(found.value)) : String(found.value);
  return { redirect: true, type: RESULT_TYPES[found.result], parameter };
}

async function exactItem(ctx: ApiContext, found: Found) {
  if (found.result === 'alladdress') {
    const hex = toChecksumHexAddress(String(found.value));
    const f = (await addressBook(ctx, [hex])).get(parseAddress(hex) ?? '');
    return {
      type: 'address',
      name: f?.name ?? null,
      address_hash: hex,
      is_smart_contract_verified: f?.verified ?? false,
      url: `/address/${hex}`,
    };
  }
  if (found.result === 'transaction') {
    const t = await ctx.db
      .selectFrom('transactions')
      .select(['hash', 'timestamp'])
      .where('hash', '=', String(found.value))
      .executeTakeFirst();
    return {
      type: 'transaction',
      transaction_hash: String(found.value),
      timestamp: t ? bsTime(t.timestamp) : null,
      url: `/tx/${found.value}`,
    };
  }
  const b = await ctx.db.selectFrom('blocks').select(['hash', 'timestamp']).where('number', '=', Number(found.value)).executeTakeFirst();
  return {
    type: 'block',
    block_number: Number(found.value),
    block_hash: b?.hash ?? null,
    timestamp: b ? bsTime(b.timestamp) : null,
    block_type: 'block',
    url: `/block/${found.value}`,
  };
}

export async function bsSearch(ctx: ApiContext, q: string, tags: Tags) {
  const [found, named] = await Promise.all([resolveSearch(ctx, q, tags), q.trim() === '' ? [] : matchContracts(ctx, q, tags)]);
  const book = await addressBook(
    ctx,
    named.map((n) => n.contract_address),
  );
  const items: object[] = found ? [await exactItem(ctx, found)] : [];
  for (const n of named) {
    const hex = toChecksumHexAddress(n.contract_address);
    const verified = book.get(parseAddress(hex) ?? '')?.verified ?? false;
    if (n.contractType === 'rbc20' || n.nft)
      items.push({
        type: 'token',
        name: n.contractname,
        symbol: n.symbol ?? null,
        address_hash: hex,
        token_url: `/token/${hex}`,
        address_url: `/address/${hex}`,
        icon_url: null,
        token_type: n.nft ? 'ERC-721' : 'ERC-20',
        exchange_rate: null,
        total_supply: null,
        is_smart_contract_verified: verified,
        is_verified_via_admin_panel: false,
        certified: false,
      });
    else if (n.tag !== undefined && n.tag !== n.contractname)
      items.push({ type: 'label', name: n.tag, address_hash: hex, url: `/address/${hex}`, is_smart_contract_verified: verified });
    else
      items.push({
        type: 'contract',
        name: n.contractname,
        address_hash: hex,
        url: `/address/${hex}`,
        is_smart_contract_verified: verified,
      });
  }
  return { items, next_page_params: null };
}
