/**
 * The indexer's progress for the SPA's "indexing" notice, and the node's state for its "the node
 * is not answering" banner: the data the pages show is as of `node.lastBlock` while it is down;
 * and what the node lacks (traces, ...) for the footer's "This node:" line.
 */
import { Type } from '@sinclair/typebox';
import { Ok } from '../../../common/api/base';
import { NodeCapabilities } from '../../../common/api/capabilities';
import type { RouteModule } from '../../core/context';
import { nodeCapabilitiesOf } from './ops';
import { patterns } from '../../../common/api/paths';

export const NodeState = Type.Object({
  reachable: Type.Boolean({ description: 'whether the node answers (a probe every 2 s and every real call decide)' }),
  downSince: Type.Union([Type.Integer(), Type.Null()], {
    description: 'when the node was first seen down in this outage (ms since the epoch); null while it answers',
  }),
  lastBlock: Type.Union([Type.Integer(), Type.Null()], { description: 'the last indexed block: the data shown is as of it' }),
});

export const IndexingStatus = Type.Object({
  indexedBlock: Type.Union([Type.Integer(), Type.Null()]),
  head: Type.Integer(),
  percent: Type.Number(),
  catchingUp: Type.Boolean(),
  node: NodeState,
  capabilities: Type.Union([NodeCapabilities, Type.Null()], {
    description: 'what the node offers, as /api/ready shows it; null until the first probe answers',
  }),
});

export const statusRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.indexingStatus,
    {
      schema: {
        tags: ['Status'],
        summary: 'Indexed block, node head, percent, catching up or live; whether the node answers',
        response: { 200: Ok(IndexingStatus) },
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
