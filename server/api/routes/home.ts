/**
 * Home: the stats of the home page and the all-transactions tiles, and the price strip. The
 * database part is computed once per block; the node's values (gas fee, pending pool) are fresh
 * while the node answers, else its last-known ones with their age (nodeDataAge), never a wait.
 */
import { HomePageResponse, RubyPriceResponse } from '../../../common/api/home';
import type { RouteModule } from '../context';
import { homeData, transferFee } from '../queries/home';
import { patterns } from '../../../common/api/paths';

export const homeRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.homeData,
    {
      schema: {
        tags: ['Home'],
        summary: 'Home stats: latest block, totals, last 24 hours, gas fee, pending pool, average block time',
        response: { 200: HomePageResponse },
      },
    },
    async () => ({ status: true, result: await homeData(ctx) }),
  );

  app.get(
    patterns.rubyPrice,
    {
      schema: {
        tags: ['Home'],
        summary: 'The coin price in USD and the current gas fee of a coin transfer in RUBY',
        response: { 200: RubyPriceResponse },
      },
    },
    async () => ({ status: true, result: { price: ctx.price.usd() }, ...(await transferFee(ctx)) }),
  );
};
