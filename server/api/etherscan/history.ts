/**
 * Etherscan's API PRO actions for balances and holders, answered free from our own indexed
 * history (server/queries/historyAt.ts), in Etherscan's shapes ("Accounts" and "Tokens" pages
 * of docs.etherscan.io): account balancehistory, tokenbalancehistory, addresstokenbalance,
 * addresstokennftbalance, addresstokennftinventory; token tokenholderlist, tokenholdercount.
 * Ours beyond Etherscan: tokenholderlist and tokenholdercount take an optional blockno (the
 * holders at that block).
 */
import { getBalance } from '../../chain/rpcActions';
import type { ApiContext } from '../../core/context';
import { etherscanToken } from '../../queries/etherscanChain';
import {
  coinBalanceAt,
  holderCountAt,
  holdersAt,
  indexedRange,
  nftHoldingsOf,
  nftItemsOf,
  tokenBalanceAt,
  tokenHoldingsOf,
} from '../../queries/historyAt';
import type { HistoryGap } from '../../queries/historyAt';
import { addressParam, ES_ERRORS, EtherscanError, intParam, list, NO_RECORDS, ok, pagingOf, type ActionTable, type Params } from './common';

export const HISTORY_ERRORS = {
  ahead: 'Error! Block number is after the latest indexed block',
  before: 'Error! Block number is before the indexed history',
  unavailable: 'Error! Balance history is unavailable at this block (the node kept no state for it)',
  missingBlock: 'Error! Missing or invalid blockno',
  notToken: 'Error! Not a token contract',
} as const satisfies Record<HistoryGap | string, string>;

/** The required blockno, within the indexed history. */
async function blockParam(ctx: ApiContext, p: Params): Promise<number> {
  if ((p.blockno ?? '').trim() === '') throw new EtherscanError(HISTORY_ERRORS.missingBlock);
  const block = intParam(p, 'blockno', 0, HISTORY_ERRORS.missingBlock);
  const range = await indexedRange(ctx);
  if (range.head === null || block > range.head) throw new EtherscanError(HISTORY_ERRORS.ahead);
  if (block < range.start) throw new EtherscanError(HISTORY_ERRORS.before);
  return block;
}

/** An optional blockno (absent: the indexed head). */
async function blockOrHead(ctx: ApiContext, p: Params): Promise<number> {
  if ((p.blockno ?? '').trim() !== '') return blockParam(ctx, p);
  return (await indexedRange(ctx)).head ?? 0;
}

async function tokenParam(ctx: ApiContext, p: Params) {
  const token = await etherscanToken(ctx, addressParam(p, 'contractaddress', ES_ERRORS.contractAddress));
  if (!token) throw new EtherscanError(HISTORY_ERRORS.notToken);
  return token;
}

export const historyAccountActions: ActionTable = {
  async balancehistory(ctx, p) {
    const address = addressParam(p);
    const block = await blockParam(ctx, p);
    const r = await coinBalanceAt(ctx, address, block, () => getBalance(ctx.rpc, address, 'latest'));
    if ('gap' in r) throw new EtherscanError(HISTORY_ERRORS[r.gap]);
    return ok(r.balance);
  },
  async tokenbalancehistory(ctx, p) {
    const token = addressParam(p, 'contractaddress', ES_ERRORS.contractAddress);
    const address = addressParam(p);
    const block = await blockParam(ctx, p);
    return ok(await tokenBalanceAt(ctx, token, address, block));
  },
  async addresstokenbalance(ctx, p) {
    const address = addressParam(p);
    const { skip, limit } = pagingOf(p, { maxOffset: 10_000 });
    const rows = await tokenHoldingsOf(ctx, address, skip, limit);
    // Source: Etherscan "Get Address ERC20 Token Holding".
    return list(
      rows.map((r) => ({
        TokenAddress: r.token,
        TokenName: r.name ?? '',
        TokenSymbol: r.symbol ?? '',
        TokenQuantity: r.balance,
        TokenDivisor: String(r.decimals ?? 18),
        TokenPriceUSD: '0',
      })),
      NO_RECORDS,
    );
  },
  async addresstokennftbalance(ctx, p) {
    const address = addressParam(p);
    const { skip, limit } = pagingOf(p, { maxOffset: 10_000 });
    const rows = await nftHoldingsOf(ctx, address, skip, limit);
    // Source: Etherscan "Get Address ERC721 Token Holding".
    return list(
      rows.map((r) => ({ TokenAddress: r.token, TokenName: r.name ?? '', TokenSymbol: r.symbol ?? '', TokenQuantity: r.quantity })),
      NO_RECORDS,
    );
  },
  async addresstokennftinventory(ctx, p) {
    const address = addressParam(p);
    const token = addressParam(p, 'contractaddress', ES_ERRORS.contractAddress);
    const { skip, limit } = pagingOf(p, { maxOffset: 1_000 });
    const rows = await nftItemsOf(ctx, address, token, skip, limit);
    // Source: Etherscan "Get Address ERC721 Token Inventory By Contract Address".
    return list(
      rows.map((r) => ({ TokenAddress: token, TokenId: r.token_id })),
      NO_RECORDS,
    );
  },
};

export const historyTokenActions: ActionTable = {
  async tokenholderlist(ctx, p) {
    const token = await tokenParam(ctx, p);
    const block = await blockOrHead(ctx, p);
    const { skip, limit } = pagingOf(p);
    const rows = await holdersAt(ctx, token.address, block, skip, limit);
    // Source: Etherscan "Get Token Holder List by Contract Address".
    return list(
      rows.map((r) => ({ TokenHolderAddress: r.holder, TokenHolderQuantity: r.balance })),
      NO_RECORDS,
    );
  },
  async tokenholdercount(ctx, p) {
    const token = await tokenParam(ctx, p);
    const block = await blockOrHead(ctx, p);
    // Source: Etherscan "Get Token Holder Count by Contract Address" (the count as a string).
    return ok(String(await holderCountAt(ctx, token.address, block)));
  },
};
