/** The indexer's progress for the SPA's "indexing" notice. */
import { Type } from '@sinclair/typebox';
import { Ok } from '../../../common/api/base';
import type { RouteModule } from '../context';

export const IndexingStatus = Type.Object({
  indexedBlock: Type.Union([Type.Integer(), Type.Null()]),
  head: Type.Integer(),
  percent: Type.Number(),
  catchingUp: Type.Boolean(),
});

export const statusRoutes: RouteModule = (app, ctx) => {
  app.get('/indexing-status', {
    schema: { tags: ['Status'], summary: 'Indexed block, node head, percent, catching up or live', response: { 200: Ok(IndexingStatus) } },
  }, async () => ({ status: true, result: ctx.indexerStatus() }));
};
