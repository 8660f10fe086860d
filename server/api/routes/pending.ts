/** The node's pending pool, listed for the Pending tab of /Alltransactions. */
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../../common/api/base';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import type { RouteModule } from '../../core/context';
import { notFound } from '../../core/http';
import { parseHashParam } from '../../core/params';
import { nodeTransaction } from '../../services/nodeTransaction';
import { PENDING_LIST_LIMIT, pendingPool } from '../../services/pending';

export const pendingRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.pendingTx,
    {
      schema: {
        tags: ['Transaction'],
        summary: "Transactions waiting in the node's pool (txpool_content), newest seen first",
        description: `At most ${PENDING_LIST_LIMIT} are listed; pendingTransactions counts them all. fee is the most the sender may pay (gas limit × its max gas price). poolAvailable is false when the node offers no txpool_content.`,
        response: { 200: ANSWERS.pendingTx, 503: ErrorBody },
      },
    },
    async () => {
      const pool = await pendingPool(ctx);
      return {
        status: true,
        result: pool.rows.slice(0, PENDING_LIST_LIMIT),
        pendingTransactions: pool.rows.length,
        limit: PENDING_LIST_LIMIT,
        poolAvailable: pool.available,
      };
    },
  );

  app.get(
    patterns.pendingTxOne,
    {
      schema: {
        tags: ['Transaction'],
        summary: 'One transaction as the node knows it before it is indexed (pending in the pool, or just mined)',
        description:
          "eth_getTransactionByHash: blockNumber is null while the transaction waits in the node's pool. 404 when the node does not know the hash. fee is the most the sender may pay (gas limit × its max gas price).",
        params: Type.Object({ hash: Type.String({ description: 'transaction hash, 0x + 64 hex digits' }) }),
        response: { 200: ANSWERS.pendingTxOne, 400: ErrorBody, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      const hash = parseHashParam(req.params.hash);
      const tx = await nodeTransaction(ctx, hash);
      if (!tx) throw notFound(`Transaction ${hash} is not known to the node`);
      return { status: true, result: tx };
    },
  );
};
