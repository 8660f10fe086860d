/**
 * The indexer's progress for the SPA's "indexing" notice, and the node's state for its "the node
 * is not answering" banner: the data the pages show is as of `node.lastBlock` while it is down;
 * and what the node lacks (traces, ...) for the footer's "This node:" line.
 */
import { ANSWERS } from '../../../common/api/answers';
import type { RouteModule } from '../../core/context';
import { nodeCapabilitiesOf } from './ops';
import { patterns } from '../../../common/api/paths';

export const statusRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.indexingStatus,
    {
      schema: {
        tags: ['Status'],
        summary: 'Indexed block, node head, percent, catching up or live; whether the node answers',
        response: { 200: ANSWERS.indexingStatus },
      },
    },
    async () => {
      const st = ctx.indexerStatus();
      const node = ctx.nodeHealth.snapshot();
      return {
        status: true,
        result: {
          ...st,
          node: { reachable: node.reachable, downSince: node.downSince, lastBlock: st.indexedBlock },
          capabilities: nodeCapabilitiesOf(ctx),
        },
      };
    },
  );
};
