/** Transaction lists in Blockscout's shapes: all transactions (queries/transactions.ts) and the home page's latest. */
import type { ApiContext } from '../../core/context';
import type { Page } from '../../core/params';
import { latestTransactions, transactionPage } from '../../queries/transactions';
import { nextPageParams, NO_EXTRAS } from './common';
import { bsTxItems } from './transactions';

/** Blockscout's main page lists the 6 latest transactions. */
const MAIN_PAGE_TXS = 6;

export async function bsTransactions(ctx: ApiContext, page: Page) {
  const { items, total } = await transactionPage(ctx, page, NO_EXTRAS);
  const last = items.at(-1);
  return {
    items: await bsTxItems(ctx, items),
    next_page_params: last
      ? nextPageParams(page, items.length, page.offset + items.length < total, {
          block_number: last.blockNumber,
          index: last.transactionIndex,
        })
      : null,
  };
}

export async function bsMainTransactions(ctx: ApiContext) {
  return bsTxItems(ctx, await latestTransactions(ctx, MAIN_PAGE_TXS, undefined, NO_EXTRAS));
}
