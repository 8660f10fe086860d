/**
 * EIP-4895 withdrawals (issue #28): a block's, and an address's newest first. Blocks of a node
 * without withdrawals (anvil, pre-Shanghai chains) have none, so both lists are empty there.
 */
import { Type } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import { ErrorBody, PageParams } from '../../../common/api/base';
import { AddressWithdrawalsResponse, BlockWithdrawalsResponse, type WithdrawalItem } from '../../../common/api/withdrawals';
import type { DB } from '../../db/schema';
import type { RouteModule } from '../context';
import { isoTime, rubyAddress, toAmount, toWei } from '../format';
import { pageTotals, parseAddressParam, parseBlockParam, parsePage } from '../params';
import { AddressParam } from './addresses';
import { patterns } from '../../../common/api/paths';

function item(w: Selectable<DB['withdrawals']>): WithdrawalItem {
  return {
    blockNumber: w.block_number, timestamp: w.timestamp, createdAt: isoTime(w.timestamp), index: w.withdrawal_index,
    validatorIndex: w.validator_index, address: rubyAddress(w.address), amount: toAmount(w.amount), amountWei: toWei(w.amount),
  };
}

export const withdrawalsRoutes: RouteModule = (app, ctx) => {
  app.get(patterns.withdrawals, {
    schema: {
      tags: ['Wallet'], summary: 'Withdrawals (EIP-4895) credited to an address, newest first',
      params: Type.Object({ address: AddressParam, ...PageParams.properties }), response: { 200: AddressWithdrawalsResponse, 400: ErrorBody },
    },
  }, async (req) => {
    const address = parseAddressParam(req.params.address);
    const page = parsePage(req.params.page, req.params.size);
    const [count, rows] = await Promise.all([
      ctx.db.selectFrom('withdrawals').select((eb) => eb.fn.countAll<number>().as('n')).where('address', '=', address).executeTakeFirstOrThrow(),
      ctx.db.selectFrom('withdrawals').selectAll().where('address', '=', address)
        .orderBy('block_number', 'desc').orderBy('position', 'desc').limit(page.size).offset(page.offset).execute(),
    ]);
    return { status: true, result: rows.map(item), ...pageTotals(Number(count.n), page) };
  });

  app.get(patterns.blockWithdrawals, {
    schema: {
      tags: ['Block'], summary: 'Withdrawals (EIP-4895) of one block (by number or hash), in block order',
      params: Type.Object({ block: Type.String({ description: 'block number or 0x block hash' }) }), response: { 200: BlockWithdrawalsResponse, 400: ErrorBody },
    },
  }, async (req) => {
    const key = parseBlockParam(req.params.block);
    let q = ctx.db.selectFrom('withdrawals').selectAll();
    q = 'hash' in key
      ? q.where('block_number', '=', (eb) => eb.selectFrom('blocks').select('number').where('hash', '=', key.hash))
      : q.where('block_number', '=', key.number);
    return { status: true, result: (await q.orderBy('position').execute()).map(item) };
  });
};
