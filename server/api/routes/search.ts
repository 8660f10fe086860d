/**
 * Search: the named contracts (for the SPA's name matching and autocomplete) and the kind of a
 * typed term. A term the router cannot hold as a parameter (too long, or holding '/') reaches the
 * hidden wildcard route and gets the same 'No results found'.
 */
import { Type } from '@sinclair/typebox';
import { EMPTY_TEXTS } from '../../../common/spec';
import { ErrorBody } from '../../../common/api/base';
import { SearchContractQuery } from '../../../common/api/search';
import type { RouteModule } from '../../core/context';
import { notFound } from '../../core/http';
import { matchContracts, namedContracts, resolveSearch } from '../../queries/search';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { nameTagSourceOf } from '../../core/nameTags';

export const searchRoutes: RouteModule = (app, ctx) => {
  const tagSource = nameTagSourceOf(ctx.config);
  app.get(
    patterns.searchContract,
    {
      schema: {
        tags: ['Search'],
        summary: 'Contracts and tokens with a name; ?q= filters by name, token symbol or name tag substring (at most 20)',
        querystring: SearchContractQuery,
        response: { 200: ANSWERS.searchContract, 400: ErrorBody },
      },
    },
    async (req) => {
      const q = req.query.q;
      const tags = await tagSource.get();
      const result = q !== undefined && q.trim() !== '' ? await matchContracts(ctx, q, tags) : await namedContracts(ctx, tags);
      return { status: true, result };
    },
  );

  const search = async (term: string) => {
    const found = await resolveSearch(ctx, term, await tagSource.get());
    if (!found) throw notFound(EMPTY_TEXTS.noResults);
    return { status: true, ...found };
  };

  app.get(
    patterns.searchData,
    {
      schema: {
        tags: ['Search'],
        summary:
          "What a term is: 'block' (number or hash), 'transaction' (hash) or 'alladdress' (r… / 0x… address, or its public name tag)",
        params: Type.Object({ term: Type.String() }),
        response: { 200: ANSWERS.searchData, 404: ErrorBody },
      },
    },
    async (req) => search(req.params.term),
  );

  app.get(
    patterns.searchDataRest,
    {
      schema: { hide: true, response: { 200: ANSWERS.searchDataRest, 404: ErrorBody } },
    },
    async () => search(''),
  );
};
