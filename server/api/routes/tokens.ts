/**
 * Tokens and contracts: the RBC20 and DApp catalogues, a token's detail and transfers, a
 * contract's detail. Catalogue pages come from contracts_type_idx, newest first; first pages and
 * counts are computed once per block.
 */
import { Type } from '@sinclair/typebox';
import { ErrorBody, PageParams } from '../../../common/api/base';
import { DEFAULT_TOKEN_DECIMALS } from '../../../common/txTypes';
import { type ContractDetail, type ContractType, type TokenData } from '../../../common/api/tokens';
import type { ApiContext, RouteModule } from '../../core/context';
import { rubyAddress, toAmount, toWei } from '../../core/format';
import { notFound } from '../../core/http';
import { pageTotals, parseAddressParam, parseShallowPage, type Page } from '../../core/params';
import { contractBytecode, contractCommon, contractCounts, contractList, findContract, type ContractRecord } from '../../queries/contracts';
import { findNftCollection, findNftToken, inventoryCounts, type NftCollection } from '../../queries/nftInventory';
import { findToken, holderCount, tokenHoldings, tokenTransfers } from '../../queries/tokens';
import { proxyInfo } from '../../queries/proxies';
import { verificationDetail } from '../../queries/verificationDetail';
import { patterns, type ApiRouteName } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';

/** Rows of /getTokens and /getContracts without parameters (the spec's page size). */
export const CONTRACT_PAGE_SIZE = 20;

const CATALOGUES = [
  { first: 'tokens', paged: 'tokensPage', type: 'rbc20', tag: 'Token', what: 'RBC20 tokens' },
  { first: 'contracts', paged: 'contractsPage', type: 'dapp', tag: 'Contract', what: 'DApp contracts' },
] as const satisfies ReadonlyArray<{ first: ApiRouteName; paged: ApiRouteName; type: ContractType; tag: string; what: string }>;

const ContractParam = Type.Object({ contractAddress: Type.String({ description: 'contract address: r… or 0x…, any case' }) });

async function catalogue(ctx: ApiContext, type: ContractType, page: Page) {
  const compute = async () => {
    const [result, counts] = await Promise.all([contractList(ctx, type, page), contractCounts(ctx, type)]);
    return { status: true, result, totalContracts: counts.total, verifiedContracts: counts.verified, ...pageTotals(counts.total, page) };
  };
  return page.page === 1 ? ctx.cache.get(`contracts:${type}:1:${page.size}`, compute) : compute();
}

export async function tokenData(ctx: ApiContext, input: string): Promise<TokenData> {
  const address = parseAddressParam(input);
  const c = await findContract(ctx, address);
  const nft = c?.isNft ? await findNftCollection(ctx, address) : null;
  if (!c || (c.contractType !== 'rbc20' && !nft)) throw notFound(`Token ${rubyAddress(address)} not found`);
  if (nft) return nftData(ctx, c, nft);
  const [bytecode, holders, proxy] = await Promise.all([
    contractBytecode(ctx, address),
    holderCount(ctx, address),
    proxyInfo(ctx, address),
  ]);
  const decimals = c.decimals ?? DEFAULT_TOKEN_DECIMALS;
  return {
    ...contractCommon(c, bytecode),
    symbol: c.symbol,
    decimals,
    totalSupply: toAmount(c.totalSupplyWei, decimals),
    totalSupplyWei: toWei(c.totalSupplyWei),
    transfers: c.transferCount,
    holders,
    proxy,
  };
}

/** An NFT collection on the token page: items for supply, owners for holders. */
async function nftData(ctx: ApiContext, c: ContractRecord, nft: NftCollection): Promise<TokenData> {
  const [bytecode, counts, proxy] = await Promise.all([
    contractBytecode(ctx, c.address),
    inventoryCounts(ctx, c.address, nft.kind),
    proxyInfo(ctx, c.address),
  ]);
  const items = String(counts.items);
  return {
    ...contractCommon(c, bytecode),
    symbol: c.symbol,
    decimals: 0,
    totalSupply: counts.items,
    totalSupplyWei: items,
    transfers: c.transferCount,
    holders: counts.owners,
    proxy,
    nftKind: nft.kind,
  };
}

async function contractDetail(ctx: ApiContext, input: string): Promise<ContractDetail> {
  const address = parseAddressParam(input);
  const c = await findContract(ctx, address);
  if (!c) throw notFound(`Contract ${rubyAddress(address)} not found`);
  const [bytecode, tokens, proxy] = await Promise.all([
    contractBytecode(ctx, address),
    tokenHoldings(ctx, address),
    proxyInfo(ctx, address),
  ]);
  const verification = await verificationDetail(ctx, address, bytecode);
  return { ...contractCommon(c, bytecode), symbol: c.symbol, decimals: c.decimals, isNft: c.isNft, tokens, proxy, ...verification };
}

export const tokensRoutes: RouteModule = (app, ctx) => {
  // The two catalogues, each at its spec path (first page) and its paged path.
  for (const c of CATALOGUES) {
    app.get(
      patterns[c.first],
      {
        schema: {
          tags: [c.tag],
          summary: `${c.what}, newest first (first ${CONTRACT_PAGE_SIZE})`,
          response: { 200: ANSWERS[c.first] },
        },
      },
      async () => catalogue(ctx, c.type, { page: 1, size: CONTRACT_PAGE_SIZE, offset: 0 }),
    );
    app.get(
      patterns[c.paged],
      {
        schema: {
          tags: [c.tag],
          summary: `${c.what}, newest first, with total and verified counts`,
          params: PageParams,
          response: { 200: ANSWERS[c.paged], 400: ErrorBody },
        },
      },
      async (req) => catalogue(ctx, c.type, parseShallowPage(req.params.page, req.params.size)),
    );
  }

  app.get(
    patterns.tokenData,
    {
      schema: {
        tags: ['Token'],
        summary:
          'One RBC20 token or NFT collection (nftKind; supply = items, holders = owners): metadata, supply, counts, holders, coin balance, source and code',
        params: ContractParam,
        response: { 200: ANSWERS.tokenData, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const token = await tokenData(ctx, req.params.contractAddress);
      // How it was verified, as the contract page shows it.
      const verification = await verificationDetail(ctx, parseAddressParam(req.params.contractAddress), token.bytecode);
      return { status: true, result: { ...token, ...verification } };
    },
  );

  app.get(
    patterns.tokenTx,
    {
      schema: {
        tags: ['Token'],
        summary: "A token's transfers, newest first",
        params: Type.Object({ ...ContractParam.properties, ...PageParams.properties }),
        response: { 200: ANSWERS.tokenTx, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.contractAddress);
      const page = parseShallowPage(req.params.page, req.params.size);
      // An NFT collection's transfers too, each with its tokenId.
      const token = (await findToken(ctx, address)) ?? (await findNftToken(ctx, address));
      if (!token) throw notFound(`Token ${rubyAddress(address)} not found`);
      const { rows, total } = await tokenTransfers(ctx, token, page);
      return { status: true, result: rows, ...pageTotals(total, page) };
    },
  );

  app.get(
    patterns.contractDetail,
    {
      schema: {
        tags: ['Contract'],
        summary: 'One contract (DApp or token): creator, coin balance, counts, source, code and its own token holdings',
        params: ContractParam,
        response: { 200: ANSWERS.contractDetail, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => ({ status: true, result: await contractDetail(ctx, req.params.contractAddress) }),
  );

  app.get(
    patterns.contractsData,
    {
      schema: {
        tags: ['Contract'],
        summary: 'One contract (documented name of /getContractDetail)',
        params: Type.Object({ address: Type.String({ description: 'contract address: r… or 0x…, any case' }) }),
        response: { 200: ANSWERS.contractsData, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => ({ status: true, result: await contractDetail(ctx, req.params.address) }),
  );
};
