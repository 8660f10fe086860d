/**
 * The tokens resource: the token catalogue (queries/contracts.ts, as /Tokens lists it), one token,
 * its holders (queries/tokenHolders.ts), transfers (queries/tokens.ts) and NFT instances
 * (queries/nftInventory.ts), in Blockscout's shapes.
 */
import { parseAddress } from '../../../common/address';
import type { ApiContext } from '../../core/context';
import type { Page } from '../../core/params';
import { contractCounts, contractList } from '../../queries/contracts';
import { findNftCollection, findNftToken, nftInventory } from '../../queries/nftInventory';
import { tokenHolders } from '../../queries/tokenHolders';
import { findToken, tokenTransfers } from '../../queries/tokens';
import type { TokenMeta } from '../../queries/tokens';
import { transferOf } from './addresses';
import { addressBook, blockHashes, bsAddress, nextPageParams, notFoundBs } from './common';
import { tokenBook, type BsToken } from './tokenShape';

export async function bsTokens(ctx: ApiContext, page: Page) {
  const [list, counts] = await Promise.all([contractList(ctx, 'rbc20', page), contractCounts(ctx, 'rbc20')]);
  const tokens = await tokenBook(
    ctx,
    list.map((c) => c.contract_address),
  );
  const items = list.flatMap((c) => {
    const t = tokens.get(parseAddress(c.contract_address) ?? '');
    return t ? [t] : [];
  });
  return { items, next_page_params: nextPageParams(page, list.length, page.offset + list.length < counts.total) };
}

async function tokenOr404(ctx: ApiContext, address: string): Promise<BsToken> {
  const t = (await tokenBook(ctx, [address])).get(address);
  if (!t || t.type === null) throw notFoundBs();
  return t;
}

export const bsToken = tokenOr404;

async function metaOr404(ctx: ApiContext, address: string): Promise<TokenMeta> {
  const meta = (await findToken(ctx, address)) ?? (await findNftToken(ctx, address));
  if (!meta) throw notFoundBs();
  return meta;
}

export async function bsTokenHolders(ctx: ApiContext, address: string, page: Page) {
  const meta = await metaOr404(ctx, address);
  const holders = await tokenHolders(ctx, meta, page);
  const book = await addressBook(
    ctx,
    holders.map((h) => h.address),
  );
  const last = holders.at(-1);
  return {
    items: holders.map((h) => ({ address: bsAddress(h.address, book), token_id: null, value: h.quantityWei })),
    next_page_params: last ? nextPageParams(page, holders.length, true, { value: last.quantityWei }) : null,
  };
}

export async function bsTokenTransfers(ctx: ApiContext, address: string, page: Page) {
  const meta = await metaOr404(ctx, address);
  const { rows, total } = await tokenTransfers(ctx, meta, page);
  const [book, tokens, hashes] = await Promise.all([
    addressBook(
      ctx,
      rows.flatMap((r) => [r.from, r.to]),
    ),
    tokenBook(ctx, [address]),
    blockHashes(
      ctx,
      rows.map((r) => r.blockNumber),
    ),
  ]);
  const last = rows.at(-1);
  return {
    items: rows.map((r) => transferOf(r, hashes, book, tokens)),
    next_page_params: last
      ? nextPageParams(page, rows.length, page.offset + rows.length < total, { block_number: last.blockNumber, index: last.logIndex })
      : null,
  };
}

export async function bsTokenInstances(ctx: ApiContext, address: string, page: Page) {
  const token = await tokenOr404(ctx, address);
  const collection = await findNftCollection(ctx, address);
  if (!collection) return { items: [], next_page_params: null };
  const items = await nftInventory(ctx, collection, page);
  const book = await addressBook(
    ctx,
    items.map((i) => i.owner),
  );
  return {
    items: items.map((i) => ({
      id: i.tokenId,
      metadata: null,
      owner: bsAddress(i.owner, book),
      token,
      external_app_url: null,
      animation_url: null,
      image_url: null,
      is_unique: collection.kind === 'erc721',
      thumbnails: null,
      media_type: null,
      media_url: null,
      token_type: token.type,
      value: i.amount ?? '1',
    })),
    next_page_params: nextPageParams(page, items.length, true, { unique_token: items.at(-1)?.tokenId ?? '' }),
  };
}
