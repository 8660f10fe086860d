/** Blockscout v2: stats, the home page's lists, blocks and transactions (see blockscoutV2.ts). */
import { patterns } from '../../../common/api/paths';
import type { RouteModule } from '../../core/context';
import { bsBlock, bsBlocks, bsBlockTransactions, bsMainBlocks } from '../blockscout/blocks';
import { bsBlockParam, bsHashParam, bsPage } from '../blockscout/common';
import { BS_BLOCK, BS_HASH, BS_SCHEMA } from '../blockscout/routeSchema';
import { bsStats } from '../blockscout/stats';
import { bsMainTransactions, bsTransactions } from '../blockscout/txLists';
import { bsTransaction, bsTxInternal, bsTxLogs, bsTxTokenTransfers } from '../blockscout/transactions';
import { bsTxRawTrace, bsTxStateChanges, bsTxSummary } from '../blockscout/txParts';

export const blockscoutChainRoutes: RouteModule = (app, ctx) => {
  app.get(patterns.bsStats, { schema: BS_SCHEMA }, async () => bsStats(ctx));
  app.get(patterns.bsMainBlocks, { schema: BS_SCHEMA }, async () => bsMainBlocks(ctx));
  app.get(patterns.bsMainTransactions, { schema: BS_SCHEMA }, async () => bsMainTransactions(ctx));

  app.get(patterns.bsBlocks, { schema: BS_SCHEMA }, async (req) => bsBlocks(ctx, bsPage(req.query)));
  app.get(patterns.bsBlock, { schema: { ...BS_SCHEMA, params: BS_BLOCK } }, async (req) => bsBlock(ctx, bsBlockParam(req.params.block)));
  app.get(patterns.bsBlockTransactions, { schema: { ...BS_SCHEMA, params: BS_BLOCK } }, async (req) =>
    bsBlockTransactions(ctx, bsBlockParam(req.params.block), bsPage(req.query)),
  );

  app.get(patterns.bsTransactions, { schema: BS_SCHEMA }, async (req) => bsTransactions(ctx, bsPage(req.query)));
  const one = { schema: { ...BS_SCHEMA, params: BS_HASH } };
  app.get(patterns.bsTransaction, one, async (req) => bsTransaction(ctx, bsHashParam(req.params.hash)));
  app.get(patterns.bsTxTokenTransfers, one, async (req) => bsTxTokenTransfers(ctx, bsHashParam(req.params.hash)));
  app.get(patterns.bsTxLogs, one, async (req) => bsTxLogs(ctx, bsHashParam(req.params.hash)));
  app.get(patterns.bsTxInternal, one, async (req) => bsTxInternal(ctx, bsHashParam(req.params.hash)));
  app.get(patterns.bsTxRawTrace, one, async (req) => bsTxRawTrace(ctx, bsHashParam(req.params.hash)));
  app.get(patterns.bsTxStateChanges, one, async (req) => bsTxStateChanges(ctx, bsHashParam(req.params.hash)));
  app.get(patterns.bsTxSummary, one, async (req) => bsTxSummary(ctx, bsHashParam(req.params.hash)));
};
