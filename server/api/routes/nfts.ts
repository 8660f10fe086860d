/** NFT collections: a collection's Inventory tab and the NFTs tab of an address. */
import { Type } from '@sinclair/typebox';
import { ErrorBody, PageParams } from '../../../common/api/base';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import type { RouteModule } from '../../core/context';
import { rubyAddress } from '../../core/format';
import { notFound } from '../../core/http';
import { pageTotals, parseAddressParam, parseShallowPage } from '../../core/params';
import { addressNftCount, addressNfts } from '../../queries/addressNfts';
import { findNftCollection, inventoryCounts, nftInventory } from '../../queries/nftInventory';
import { gateHook, workGate } from '../workGate';

export const nftRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.nftInventory,
    {
      onRequest: gateHook(workGate(ctx, 'nftInventory'), ctx.config.rateLimit.exemptLoopback),
      schema: {
        tags: ['NFT'],
        summary: "An NFT collection's items (ERC-721), by token id: owner, latest transfer and metadata URI (tokenURI)",
        params: Type.Object({ contractAddress: Type.String({ description: 'collection address: r… or 0x…' }), ...PageParams.properties }),
        response: { 200: ANSWERS.nftInventory, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.contractAddress);
      const page = parseShallowPage(req.params.page, req.params.size);
      const collection = await findNftCollection(ctx, address);
      if (!collection) throw notFound(`NFT collection ${rubyAddress(address)} not found`);
      const [rows, counts] = await Promise.all([nftInventory(ctx, collection, page), inventoryCounts(ctx, address, collection.kind)]);
      return { status: true, result: rows, ...pageTotals(counts.items, page) };
    },
  );

  app.get(
    patterns.addressNfts,
    {
      schema: {
        tags: ['NFT'],
        summary:
          'The NFT items an address holds now, latest change first: each (collection, token id) with its standard, the amount held (ERC-1155: received minus sent, ids at 0 left out; ERC-721: 1) and its metadata URI',
        params: Type.Object({ address: Type.String({ description: 'r… or 0x…' }), ...PageParams.properties }),
        response: { 200: ANSWERS.addressNfts, 400: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.address);
      const page = parseShallowPage(req.params.page, req.params.size);
      const [rows, total] = await Promise.all([addressNfts(ctx, address, page), addressNftCount(ctx, address)]);
      return { status: true, result: rows, ...pageTotals(total, page) };
    },
  );
};
