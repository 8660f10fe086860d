/**
 * Blocks: the paginated list, one block with its transactions, the latest blocks and the
 * per-block chart (queries/blocks.ts).
 */
import { Type } from '@sinclair/typebox';
import { ErrorBody, PageParams } from '../../../common/api/base';
import type { RouteModule } from '../../core/context';
import { notFound } from '../../core/http';
import { pageTotals, parseBlockParam, parsePage } from '../../core/params';
import { BLOCK_CHART_POINTS, LATEST_BLOCKS, blockChart, blockDetail, blockPage, cachedLatestBlocks } from '../../queries/blocks';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';

export const blockRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.blocks,
    {
      schema: { tags: ['Block'], summary: 'Blocks, newest first', params: PageParams, response: { 200: ANSWERS.blocks, 400: ErrorBody } },
    },
    async (req) => {
      const page = parsePage(req.params.page, req.params.size);
      const { items, total } = await blockPage(ctx, page);
      return { status: true, result: items, ...pageTotals(total, page) };
    },
  );

  app.get(
    patterns.latestBlocks,
    {
      schema: { tags: ['Block'], summary: `The latest ${LATEST_BLOCKS} blocks`, response: { 200: ANSWERS.latestBlocks } },
    },
    async () => ({ status: true, result: await cachedLatestBlocks(ctx) }),
  );

  app.get(
    patterns.blockChart,
    {
      schema: {
        tags: ['Block'],
        summary: `Transactions per block, the latest ${BLOCK_CHART_POINTS} blocks, oldest first`,
        response: { 200: ANSWERS.blockChart },
      },
    },
    async () => ({ status: true, result: await blockChart(ctx) }),
  );

  app.get(
    patterns.block,
    {
      schema: {
        tags: ['Block'],
        summary: 'One block (by number or hash) with its transactions',
        params: Type.Object({ block: Type.String({ description: 'block number or 0x block hash' }) }),
        response: { 200: ANSWERS.block, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const found = await blockDetail(ctx, parseBlockParam(req.params.block));
      if (!found) throw notFound(`Block ${req.params.block} not found`);
      return { status: true, result: found.block, blockdata: found.block, transactionData: found.txs };
    },
  );
};
