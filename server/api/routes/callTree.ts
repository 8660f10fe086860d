/** A transaction's call tree: every frame, decoded, with the source line of a revert. */
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../../common/api/base';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import type { RouteModule } from '../../core/context';
import { notFound } from '../../core/http';
import { parseHashParam } from '../../core/params';
import { callTree } from '../../services/callTree';

export const callTreeRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.txCallTree,
    {
      schema: {
        tags: ['Transaction'],
        summary:
          "Every call frame of a transaction, nested, decoded, with each revert's reason and (verified code) source line; from the node's callTracer, else the indexed internal calls",
        params: Type.Object({ hash: Type.String({ description: 'transaction hash, 0x + 64 hex digits' }) }),
        response: { 200: ANSWERS.txCallTree, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => {
      const hash = parseHashParam(req.params.hash);
      const tree = await callTree(ctx, hash);
      if (!tree) throw notFound(`Transaction ${hash} not found`);
      return { status: true, result: tree };
    },
  );
};
