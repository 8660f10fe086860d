/** A token's holders, richest first, with their share of the supply (the token page's Holders tab). */
import { Type } from '@sinclair/typebox';
import { ErrorBody, PageParams } from '../../../common/api/base';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import type { RouteModule } from '../../core/context';
import { rubyAddress } from '../../core/format';
import { notFound } from '../../core/http';
import { pageTotals, parseAddressParam, parseShallowPage } from '../../core/params';
import { tokenHolders } from '../../queries/tokenHolders';
import { findToken, holderCount } from '../../queries/tokens';

export const tokenHoldersRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.tokenHolders,
    {
      schema: {
        tags: ['Token'],
        summary: "An RBC20 token's holders, largest first: rank, address, quantity and percentage of the total supply",
        params: Type.Object({ contractAddress: Type.String({ description: 'token address: r… or 0x…' }), ...PageParams.properties }),
        response: { 200: ANSWERS.tokenHolders, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.contractAddress);
      const page = parseShallowPage(req.params.page, req.params.size);
      const token = await findToken(ctx, address);
      if (!token) throw notFound(`Token ${rubyAddress(address)} not found`);
      const [rows, total] = await Promise.all([tokenHolders(ctx, token, page), holderCount(ctx, address)]);
      return { status: true, result: rows, ...pageTotals(total, page) };
    },
  );
};
