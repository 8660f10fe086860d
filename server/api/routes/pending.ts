/** The node's pending pool, listed for the Pending tab of /Alltransactions (issue #25 item 6). */
import { ErrorBody } from '../../../common/api/base';
import { PendingTransactionsResponse } from '../../../common/api/pending';
import { patterns } from '../../../common/api/paths';
import type { RouteModule } from '../context';
import { PENDING_LIST_LIMIT, pendingPool } from '../queries/pending';

export const pendingRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.pendingTx,
    {
      schema: {
        tags: ['Transaction'],
        summary: "Transactions waiting in the node's pool (txpool_content), newest seen first",
        description: `At most ${PENDING_LIST_LIMIT} are listed; pendingTransactions counts them all. fee is the most the sender may pay (gas limit × its max gas price). poolAvailable is false when the node offers no txpool_content.`,
        response: { 200: PendingTransactionsResponse, 503: ErrorBody },
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
};
