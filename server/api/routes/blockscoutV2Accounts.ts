/** Blockscout v2: addresses, tokens and search (see blockscoutV2.ts). */
import { patterns } from '../../../common/api/paths';
import type { RouteModule } from '../../core/context';
import { nameTagSourceOf } from '../../core/nameTags';
import {
  bsAddressCounters,
  bsAddressInternal,
  bsAddressLogs,
  bsAddressOne,
  bsAddressTokens,
  bsAddressTokenTransfers,
  bsAddressTransactions,
} from '../blockscout/addresses';
import { bsCoinBalanceHistory } from '../blockscout/coinHistory';
import { bsAddressParam, bsPage, invalidParam } from '../blockscout/common';
import { BS_ADDRESS, BS_SCHEMA } from '../blockscout/routeSchema';
import { bsCheckRedirect, bsSearch } from '../blockscout/search';
import { bsToken, bsTokenHolders, bsTokenInstances, bsTokens, bsTokenTransfers } from '../blockscout/tokens';

/** The search term (`q`), at most 1,000 characters as Blockscout's. */
function termOf(query: Readonly<Record<string, unknown>>): string {
  const q = query.q;
  if (q === undefined) return '';
  if (typeof q !== 'string' || q.length > 1000) throw invalidParam('q', 'Invalid string');
  return q;
}

export const blockscoutAccountRoutes: RouteModule = (app, ctx) => {
  const one = { schema: { ...BS_SCHEMA, params: BS_ADDRESS } };
  app.get(patterns.bsAddress, one, async (req) => bsAddressOne(ctx, bsAddressParam(req.params.address)));
  app.get(patterns.bsAddressCounters, one, async (req) => bsAddressCounters(ctx, bsAddressParam(req.params.address)));
  app.get(patterns.bsAddressTokens, one, async (req) => bsAddressTokens(ctx, bsAddressParam(req.params.address)));
  const paged = [
    [patterns.bsAddressTransactions, bsAddressTransactions],
    [patterns.bsAddressTokenTransfers, bsAddressTokenTransfers],
    [patterns.bsAddressInternal, bsAddressInternal],
    [patterns.bsAddressLogs, bsAddressLogs],
    [patterns.bsAddressCoinHistory, bsCoinBalanceHistory],
    [patterns.bsTokenHolders, bsTokenHolders],
    [patterns.bsTokenTransfers, bsTokenTransfers],
    [patterns.bsTokenInstances, bsTokenInstances],
  ] as const;
  for (const [pattern, answer] of paged)
    app.get(pattern, one, async (req) => answer(ctx, bsAddressParam(req.params.address), bsPage(req.query)));

  for (const pattern of [patterns.bsTokens, patterns.bsTokensSlash])
    app.get(pattern, { schema: BS_SCHEMA }, async (req) => bsTokens(ctx, bsPage(req.query)));
  app.get(patterns.bsToken, one, async (req) => bsToken(ctx, bsAddressParam(req.params.address)));

  const tags = nameTagSourceOf(ctx.config);
  app.get(patterns.bsSearch, { schema: BS_SCHEMA }, async (req) => bsSearch(ctx, termOf(req.query), await tags.get()));
  app.get(patterns.bsSearchRedirect, { schema: BS_SCHEMA }, async (req) => bsCheckRedirect(ctx, termOf(req.query), await tags.get()));
};
