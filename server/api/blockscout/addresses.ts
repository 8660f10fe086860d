/**
 * The addresses resource: one address (queries/addresses.ts addressSummary, addressCounters.ts,
 * contracts.ts) and its lists (transactions, token transfers, internal transactions, logs, tokens)
 * from the queries the address page reads; counters and a coin balance history.
 */
import { toChecksumHexAddress } from '../../../common/address';
import type { TokenTransferItem } from '../../../common/api/tokens';
import type { ApiContext } from '../../core/context';
import type { Page } from '../../core/params';
import { addressCounters } from '../../queries/addressCounters';
import { addressInternalTransactions, addressSummary, addressTransactions } from '../../queries/addresses';
import { countFromOrTo } from '../../core/indexOrder';
import { findContract } from '../../queries/contracts';
import { addressEvents } from '../../queries/logs';
import { addressTokenTransfers, tokenHoldings } from '../../queries/tokens';
import { proxyInfo } from '../../queries/proxies';
import { addressBook, blockHashes, bsAddress, nextPageParams, NO_EXTRAS, proxyFields, type AddressBook } from './common';
import { shapeInternal } from './internalShape';
import { shapeLog } from './logShape';
import { shapeTransfer, tokenBook, tokenOf, type TokenBook } from './tokenShape';
import { bsTxItems } from './transactions';
import { txFacts } from './txShape';

export async function bsAddressOne(ctx: ApiContext, address: string) {
  const [summary, counters, contract, book, tokens] = await Promise.all([
    addressSummary(ctx, address),
    addressCounters(ctx, address),
    findContract(ctx, address),
    addressBook(ctx, [address]),
    tokenBook(ctx, [address]),
  ]);
  const holds = counters.tokens > 0 || counters.nftCollections > 0;
  return {
    ...bsAddress(address, book),
    ...proxyFields(contract ? await proxyInfo(ctx, address) : null),
    creator_address_hash: contract ? toChecksumHexAddress(contract.creator) : null,
    creation_transaction_hash: contract?.txHash ?? null,
    creation_status: contract ? 'success' : null,
    token: tokens.get(address) ?? null,
    coin_balance: summary.balanceWei,
    exchange_rate: null,
    block_number_balance_updated_at: summary.balanceBlock,
    has_validated_blocks: false,
    has_logs: counters.events,
    has_tokens: holds,
    has_token_transfers: counters.tokenTransfers,
    watchlist_address_id: null,
    has_beacon_chain_withdrawals: counters.withdrawals,
  };
}

export async function bsAddressCounters(ctx: ApiContext, address: string) {
  const [summary, transfers] = await Promise.all([addressSummary(ctx, address), countFromOrTo(ctx, 'token_transfers', address)]);
  return {
    transactions_count: String(summary.txCount),
    token_transfers_count: String(transfers),
    gas_usage_count: summary.gasUsed,
    validations_count: '0',
  };
}

export async function bsAddressTransactions(ctx: ApiContext, address: string, page: Page) {
  const { txCount } = await addressSummary(ctx, address);
  const items = await addressTransactions(ctx, address, page, txCount, NO_EXTRAS);
  const last = items.at(-1);
  return {
    items: await bsTxItems(ctx, items),
    next_page_params: last
      ? nextPageParams(page, items.length, page.offset + items.length < txCount, {
          block_number: last.blockNumber,
          index: last.transactionIndex,
        })
      : null,
  };
}

export async function bsAddressTokenTransfers(ctx: ApiContext, address: string, page: Page) {
  const { rows, total } = await addressTokenTransfers(ctx, address, page);
  const [book, tokens, hashes] = await Promise.all([
    addressBook(
      ctx,
      rows.flatMap((r) => [r.from, r.to, r.tokenAddress]),
    ),
    tokenBook(
      ctx,
      rows.map((r) => r.tokenAddress),
    ),
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

export function transferOf(r: TokenTransferItem, hashes: ReadonlyMap<number, string>, book: AddressBook, tokens: TokenBook) {
  return shapeTransfer(
    {
      txHash: r.hash,
      blockNumber: r.blockNumber,
      blockHash: hashes.get(r.blockNumber) ?? '',
      logIndex: r.logIndex,
      timestamp: r.timestamp,
      from: r.from,
      to: r.to,
      token: r.tokenAddress,
      valueWei: r.valueWei,
      tokenId: r.tokenId ?? null,
      method: null,
    },
    book,
    tokens,
  );
}

export async function bsAddressInternal(ctx: ApiContext, address: string, page: Page) {
  const { rows, total } = await addressInternalTransactions(ctx, address, page);
  const [book, facts] = await Promise.all([
    addressBook(
      ctx,
      rows.flatMap((r) => [r.from, r.to]),
    ),
    txFacts(
      ctx,
      rows.map((r) => r.hash),
    ),
  ]);
  const items = rows.map((r) =>
    shapeInternal(
      {
        callType: r.callType,
        from: r.from,
        to: r.to,
        valueWei: r.valueWei,
        gas: null,
        error: r.error,
        txHash: r.hash,
        txIndex: facts.get(r.hash)?.tx_index ?? 0,
        blockNumber: r.blockNumber,
        timestamp: r.timestamp,
        index: r.traceAddress === '' ? 0 : Number(r.traceAddress.split(',')[0]) + 1,
      },
      book,
    ),
  );
  const last = rows.at(-1);
  return {
    items,
    next_page_params: last
      ? nextPageParams(page, rows.length, page.offset + rows.length < total, { block_number: last.blockNumber })
      : null,
  };
}

export async function bsAddressLogs(ctx: ApiContext, address: string, page: Page) {
  const { items, total } = await addressEvents(ctx, address, page);
  const [book, hashes] = await Promise.all([
    addressBook(ctx, [address]),
    blockHashes(
      ctx,
      items.map((l) => l.blockNumber),
    ),
  ]);
  const last = items.at(-1);
  return {
    items: items.map((l) => shapeLog(l, hashes.get(l.blockNumber) ?? '', book)),
    next_page_params: last
      ? nextPageParams(page, items.length, page.offset + items.length < total, { block_number: last.blockNumber, index: last.logIndex })
      : null,
  };
}

/** The address's token balances (every one: the address page lists them in one answer). */
export async function bsAddressTokens(ctx: ApiContext, address: string) {
  const held = await tokenHoldings(ctx, address);
  const tokens = await tokenBook(
    ctx,
    held.map((h) => h.contractAddress),
  );
  return {
    items: held.map((h) => ({ value: h.balanceWei, token: tokenOf(h.contractAddress, tokens), token_id: null, token_instance: null })),
    next_page_params: null,
  };
}
