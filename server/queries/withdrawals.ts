/**
 * EIP-4895 withdrawals: an address's, newest first, and a block's, in block order.
 * Blocks of a node without withdrawals (anvil, pre-Shanghai chains) have none.
 */
import type { Selectable } from 'kysely';
import type { WithdrawalItem } from '../../common/api/withdrawals';
import type { DB } from '../db/schema';
import type { ApiContext } from '../core/context';
import { isoTime, rubyAddress, toAmount, toWei } from '../core/format';
import type { Page } from '../core/params';

function item(w: Selectable<DB['withdrawals']>): WithdrawalItem {
  return {
    blockNumber: w.block_number,
    timestamp: w.timestamp,
    createdAt: isoTime(w.timestamp),
    index: w.withdrawal_index,
    validatorIndex: w.validator_index,
    address: rubyAddress(w.address),
    amount: toAmount(w.amount),
    amountWei: toWei(w.amount),
  };
}

export async function addressWithdrawals(
  ctx: ApiContext,
  address: string,
  page: Page,
): Promise<{ items: WithdrawalItem[]; total: number }> {
  const [count, rows] = await Promise.all([
    ctx.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('address', '=', address)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('address', '=', address)
      .orderBy('block_number', 'desc')
      .orderBy('position', 'desc')
      .limit(page.size)
      .offset(page.offset)
      .execute(),
  ]);
  return { items: rows.map(item), total: Number(count.n) };
}

export async function blockWithdrawals(ctx: ApiContext, key: { number: number } | { hash: string }): Promise<WithdrawalItem[]> {
  let q = ctx.db.selectFrom('withdrawals').selectAll();
  q =
    'hash' in key
      ? q.where('block_number', '=', (eb) => eb.selectFrom('blocks').select('number').where('hash', '=', key.hash))
      : q.where('block_number', '=', key.number);
  return (await q.orderBy('position').execute()).map(item);
}
