/** Public name tags of known addresses (server/core/nameTags.ts), for the SPA to show wherever an address appears. */
import { ErrorBody } from '../../../common/api/base';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import type { RouteModule } from '../../core/context';
import { rubyAddress } from '../../core/format';
import { nameTagSourceOf } from '../../core/nameTags';

export const nameTagsRoutes: RouteModule = (app, ctx) => {
  const source = nameTagSourceOf(ctx.config);
  app.get(
    patterns.nameTags,
    {
      schema: {
        tags: ['Contract'],
        summary: 'Public name tags of known addresses (the devnet DEX router, pairs and DApps; NAME_TAGS_FILE entries)',
        response: { 200: ANSWERS.nameTags, 500: ErrorBody },
      },
    },
    async () => {
      const tags = await source.get();
      return { status: true, result: [...tags].map(([address, tag]) => ({ address: rubyAddress(address), tag })) };
    },
  );
};
