/**
 * EIP-4895 withdrawals: a block's, and an address's newest first. Blocks of a node
 * without withdrawals (anvil, pre-Shanghai chains) have none, so both lists are empty there.
 */
import { Type } from '@sinclair/typebox';
import { ErrorBody, PageParams } from '../../../common/api/base';
import type { RouteModule } from '../../core/context';
import { pageTotals, parseAddressParam, parseBlockParam, parseShallowPage } from '../../core/params';
import { addressWithdrawals, blockWithdrawals } from '../../queries/withdrawals';
import { AddressParam } from './addresses';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';

export const withdrawalsRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.withdrawals,
    {
      schema: {
        tags: ['Wallet'],
        summary: 'Withdrawals (EIP-4895) credited to an address, newest first',
        params: Type.Object({ address: AddressParam, ...PageParams.properties }),
        response: { 200: ANSWERS.withdrawals, 400: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.address);
      const page = parseShallowPage(req.params.page, req.params.size);
      const { items, total } = await addressWithdrawals(ctx, address, page);
      return { status: true, result: items, ...pageTotals(total, page) };
    },
  );

  app.get(
    patterns.blockWithdrawals,
    {
      schema: {
        tags: ['Block'],
        summary: 'Withdrawals (EIP-4895) of one block (by number or hash), in block order',
        params: Type.Object({ block: Type.String({ description: 'block number or 0x block hash' }) }),
        response: { 200: ANSWERS.blockWithdrawals, 400: ErrorBody },
      },
    },
    async (req) => ({ status: true, result: await blockWithdrawals(ctx, parseBlockParam(req.params.block)) }),
  );
};
