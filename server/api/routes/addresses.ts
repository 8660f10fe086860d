/**
 * Addresses: the address page (summary + transactions, token transfers, internal transactions,
 * token holdings), live and token balances, and the top accounts. Addresses come in as r… or
 * 0x… in any case and go out as r…; an address the indexer never saw is an empty page with its
 * real balance, not a 404 (as Etherscan answers).
 */
import { Type } from '@sinclair/typebox';
import { ErrorBody, PageParams } from '../../../common/api/base';
import type { ApiContext, RouteModule } from '../../core/context';
import { rubyAddress, toAmount } from '../../core/format';
import { notFound } from '../../core/http';
import { pageTotals, parseAddressParam, parsePage, parseShallowPage, type Page } from '../../core/params';
import { internalListUnavailable } from '../../queries/traceAvailability';
import {
  addressInternalTransactions,
  addressSummary,
  addressTransactions,
  holderTotal,
  indexedHead,
  topAccounts,
} from '../../queries/addresses';
import { nftHoldings } from '../../queries/nftHoldings';
import { addressActivity } from '../../queries/addressActivity';
import { addressCounters } from '../../queries/addressCounters';
import { addressTokenTransfers, findToken, tokenBalanceOf, tokenHoldings } from '../../queries/tokens';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { getBalance } from '../../chain/rpcActions';

export const AddressParam = Type.String({ description: 'address: r… or 0x… followed by 40 hex digits, any case' });
const AddressPageParams = Type.Object({ address: AddressParam, ...PageParams.properties });

/** Default page of /getTopaccounts without parameters (the spec's page size). */
export const TOP_ACCOUNTS_PAGE_SIZE = 20;

async function topAccountsPage(ctx: ApiContext, page: Page) {
  const compute = async () => {
    const [result, total] = await Promise.all([topAccounts(ctx, page), holderTotal(ctx)]);
    return { status: true, result, ...pageTotals(total, page) };
  };
  // The first page is what the top-accounts screen and the charts ask: computed once per block.
  return page.page === 1 ? ctx.cache.get(`topAccounts:1:${page.size}`, compute) : compute();
}

export const addressesRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.userTx,
    {
      schema: {
        tags: ['Wallet'],
        summary: 'An address: balance, counts and one page of its transactions, newest first',
        description:
          'Transactions the address sent, received or created. An address never seen answers balance from the node and an empty list. While the indexer runs without call traces, balance is read from the node at latestBlockNumber (once per block), falling back to the indexed value when the node does not answer.',
        params: AddressPageParams,
        response: { 200: ANSWERS.userTx, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.address);
      const page = parsePage(req.params.page, req.params.size);
      const [summary, head, activity] = await Promise.all([addressSummary(ctx, address), indexedHead(ctx), addressActivity(ctx, address)]);
      // The total is the indexer's running count: no COUNT(*) over a busy address.
      const result =
        summary.txCount === 0 || page.offset >= summary.txCount ? [] : await addressTransactions(ctx, address, page, summary.txCount);
      return {
        status: true,
        result,
        address: rubyAddress(address),
        balance: toAmount(summary.balanceWei),
        balanceWei: summary.balanceWei,
        trx_length: summary.txCount,
        Gasused: summary.gasUsed,
        latestBlockNumber: head,
        lastBalanceUpdate: summary.balanceBlock,
        ...activity,
        ...pageTotals(summary.txCount, page),
      };
    },
  );

  app.get(
    patterns.userTokenTx,
    {
      schema: {
        tags: ['Wallet'],
        summary: "An address's token transfers (sent or received; RBC20 and NFTs, an NFT with its tokenId), newest first",
        params: AddressPageParams,
        response: { 200: ANSWERS.userTokenTx, 400: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.address);
      const page = parseShallowPage(req.params.page, req.params.size);
      const { rows, total } = await addressTokenTransfers(ctx, address, page);
      return { status: true, result: rows, ...pageTotals(total, page) };
    },
  );

  app.get(
    patterns.internalTx,
    {
      schema: {
        tags: ['Wallet'],
        summary: 'Internal transactions (calls inside transactions) from or to an address, newest first',
        params: AddressPageParams,
        response: { 200: ANSWERS.internalTx, 400: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.address);
      const page = parseShallowPage(req.params.page, req.params.size);
      const [{ rows, total }, unavailable] = await Promise.all([
        addressInternalTransactions(ctx, address, page),
        internalListUnavailable(ctx),
      ]);
      // The key only when set: a tracing node's answer keeps its documented shape.
      return {
        status: true,
        result: rows,
        ...(unavailable === null ? {} : { internalTransactionsUnavailable: unavailable }),
        ...pageTotals(total, page),
      };
    },
  );

  app.get(
    patterns.allTokenBalance,
    {
      schema: {
        tags: ['Wallet'],
        summary: "An address's non-zero RBC20 balances, then the NFT collections it holds items of (nft: true, balance = items held)",
        params: Type.Object({ address: AddressParam }),
        response: { 200: ANSWERS.allTokenBalance, 400: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.address);
      const [tokens, nfts] = await Promise.all([tokenHoldings(ctx, address), nftHoldings(ctx, address)]);
      return { status: true, result: [...tokens, ...nfts] };
    },
  );

  app.get(
    patterns.addressCounters,
    {
      schema: {
        tags: ['Wallet'],
        summary: 'What the address page shows before its lists: contract kind, holdings counts, and which of its tabs have rows',
        description:
          'One answer for the tab bar, the contract link and the overview: contractType (rbc20, dapp or null), nft (an NFT collection), verified (its source is verified), proxy (the indexer resolved it as a proxy), tokens (RBC20 held, non-zero), nftCollections (NFT collections held), tokenTransfers, internalTxns, withdrawals, events and approvals (whether those tabs have rows), delegation (its EIP-7702 delegation). Each part is an index lookup (EXISTS or one row), never a count of a list, so an address with millions of rows answers as fast as an empty one.',
        params: Type.Object({ address: AddressParam }),
        response: { 200: ANSWERS.addressCounters, 400: ErrorBody },
      },
    },
    async (req) => ({ status: true, result: await addressCounters(ctx, parseAddressParam(req.params.address)) }),
  );

  app.get(
    patterns.balance,
    {
      schema: {
        tags: ['Wallet'],
        summary: 'Coin balance of an address, live from the node',
        params: Type.Object({ address: AddressParam }),
        response: { 200: ANSWERS.balance, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.address);
      const wei = await getBalance(ctx.rpc, address, 'latest');
      return { status: true, result: { address: rubyAddress(address), balance: toAmount(wei), balanceWei: wei.toString() } };
    },
  );

  app.get(
    patterns.tokenBalance,
    {
      schema: {
        tags: ['Token'],
        summary: "An address's balance of one RBC20 token (as of the indexed head)",
        params: Type.Object({ address: AddressParam, contractAddr: Type.String({ description: 'token contract address, r… or 0x…' }) }),
        response: { 200: ANSWERS.tokenBalance, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const holder = parseAddressParam(req.params.address);
      const tokenAddress = parseAddressParam(req.params.contractAddr);
      const token = await findToken(ctx, tokenAddress);
      if (!token) throw notFound(`Token ${rubyAddress(tokenAddress)} not found`);
      const wei = await tokenBalanceOf(ctx, token.address, holder);
      return {
        status: true,
        result: { balance: toAmount(wei, token.decimals), balanceWei: wei, decimals: token.decimals, symbol: token.symbol },
      };
    },
  );

  app.get(
    patterns.topAccounts,
    {
      schema: {
        tags: ['Wallet'],
        summary: `Richest addresses, first page of ${TOP_ACCOUNTS_PAGE_SIZE}`,
        response: { 200: ANSWERS.topAccounts },
      },
    },
    async () => topAccountsPage(ctx, { page: 1, size: TOP_ACCOUNTS_PAGE_SIZE, offset: 0 }),
  );

  app.get(
    patterns.topAccountsPage,
    {
      schema: {
        tags: ['Wallet'],
        summary: 'Richest addresses, by balance; percentage of the total supply',
        params: PageParams,
        response: { 200: ANSWERS.topAccountsPage, 400: ErrorBody },
      },
    },
    async (req) => topAccountsPage(ctx, parseShallowPage(req.params.page, req.params.size)),
  );
};
