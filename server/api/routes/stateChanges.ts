/**
 * What one transaction changed: balances, nonces, token balances and storage (the
 * transaction page's State tab; server/services/stateChanges.ts).
 */
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../../common/api/base';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import type { RouteModule } from '../../core/context';
import { notFound } from '../../core/http';
import { parseHashParam } from '../../core/params';
import { stateChanges } from '../../services/stateChanges';
import { gateHook, workGate } from '../workGate';

export const stateChangesRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.txStateChanges,
    {
      onRequest: gateHook(workGate(ctx, 'stateChanges'), ctx.config.rateLimit.exemptLoopback),
      schema: {
        tags: ['Transaction'],
        summary:
          "What a transaction changed: for every address, coin balance and nonce before → after, RBC20 balances, storage slots (named from the verified source's layout); from the node's prestateTracer or our index, reconciled with the burnt fee",
        params: Type.Object({ hash: Type.String({ description: 'transaction hash, 0x + 64 hex digits' }) }),
        response: { 200: ANSWERS.txStateChanges, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => {
      const hash = parseHashParam(req.params.hash);
      const result = await stateChanges(ctx, hash);
      if (!result) throw notFound(`Transaction ${hash} not found`);
      return { status: true, result };
    },
  );
};
