/**
 * Charts: transactions, fees, token transfers and contract transactions per hour over the last
 * 24 hours, and token / DApp deployments per day over the last 14 days. Cached per block.
 */
import type { RouteModule } from '../../core/context';
import { contractTransactionGraph, deployments, tokenTransactionGraph, transactionGraph } from '../../queries/charts';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';

export const chartsRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.transactionGraph,
    {
      schema: {
        tags: ['Chart'],
        summary: 'Transactions and fees per hour, the last 24 hours, oldest first',
        response: { 200: ANSWERS.transactionGraph },
      },
    },
    async () => ({ status: true, result: await transactionGraph(ctx) }),
  );

  app.get(
    patterns.tokenTransactionGraph,
    {
      schema: {
        tags: ['Chart'],
        summary: "Token transfers per hour ('HH:00', UTC), the last 24 hours, oldest first",
        response: { 200: ANSWERS.tokenTransactionGraph },
      },
    },
    async () => ({ status: true, result: await tokenTransactionGraph(ctx) }),
  );

  app.get(
    patterns.contractTransactionGraph,
    {
      schema: {
        tags: ['Chart'],
        summary: "Contract creations and calls per hour ('HH:00', UTC), the last 24 hours, oldest first",
        response: { 200: ANSWERS.contractTransactionGraph },
      },
    },
    async () => ({ status: true, result: await contractTransactionGraph(ctx) }),
  );

  app.get(
    patterns.tokenDeploy,
    {
      schema: {
        tags: ['Chart'],
        summary: 'Token deployments per day (last 14 days) and the 8 newest tokens (tokendepoloy)',
        response: { 200: ANSWERS.tokenDeploy },
      },
    },
    async () => {
      const d = await deployments(ctx, 'rbc20');
      return { status: true, result: d.chart, tokendepoloy: d.latest };
    },
  );

  app.get(
    patterns.contractDeploy,
    {
      schema: {
        tags: ['Chart'],
        summary: 'DApp deployments per day (last 14 days) and the 8 newest DApps (contractdeploy)',
        response: { 200: ANSWERS.contractDeploy },
      },
    },
    async () => {
      const d = await deployments(ctx, 'dapp');
      return { status: true, result: d.chart, contractdeploy: d.latest };
    },
  );
};
