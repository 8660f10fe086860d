/**
 * Home: the stats of the home page and the all-transactions tiles, and the price strip. The
 * database part is computed once per block; the node's values (gas fee, pending pool) are fresh
 * while the node answers, else its last-known ones with their age (nodeDataAge), never a wait.
 */
import type { RouteModule } from '../../core/context';
import { homeData, transferFee } from '../../queries/home';
import { blockChart, cachedLatestBlocks } from '../../queries/blocks';
import { deployments, transactionGraph } from '../../queries/charts';
import { transactionUpdate } from '../../realtime/payloads';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';

export const homeRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.homeData,
    {
      schema: {
        tags: ['Home'],
        summary: 'Home stats: latest block, totals, last 24 hours, gas fee, pending pool, average block time',
        response: { 200: ANSWERS.homeData },
      },
    },
    async () => ({ status: true, result: await homeData(ctx) }),
  );

  // The home's first screen in one request; every part from its own per-block cache.
  app.get(
    patterns.homeScreen,
    {
      schema: {
        tags: ['Home'],
        summary:
          "The home page's first screen in one answer: home stats, latest blocks, hourly chart, per-block chart, newest tokens and DApps, latest transactions",
        response: { 200: ANSWERS.homeScreen },
      },
    },
    async () => {
      const [home, latestBlocks, graph, chart, tokens, dapps, transactions] = await Promise.all([
        homeData(ctx),
        cachedLatestBlocks(ctx),
        transactionGraph(ctx),
        blockChart(ctx),
        deployments(ctx, 'rbc20'),
        deployments(ctx, 'dapp'),
        transactionUpdate(ctx),
      ]);
      return {
        status: true,
        result: {
          home,
          latestBlocks,
          transactionGraph: graph,
          blockChart: chart,
          tokenDeploys: tokens.latest,
          contractDeploys: dapps.latest,
          transactions,
        },
      };
    },
  );

  app.get(
    patterns.rubyPrice,
    {
      schema: {
        tags: ['Home'],
        summary: 'The coin price in USD and the current gas fee of a coin transfer in RUBY',
        response: { 200: ANSWERS.rubyPrice },
      },
    },
    async () => ({ status: true, result: { price: ctx.price.usd() }, ...(await transferFee(ctx)) }),
  );
};
