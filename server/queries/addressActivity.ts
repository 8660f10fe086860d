/**
 * An address's first and last transaction (the address page's views): the two ends of
 * its address_transactions primary-key range (index-only), with their block times.
 */
import type { TxRef } from '../../common/api/addresses';
import type { ApiContext } from '../core/context';

export interface AddressActivity {
  firstTransaction: TxRef | null;
  lastTransaction: TxRef | null;
}

async function end(ctx: ApiContext, address: string, dir: 'asc' | 'desc'): Promise<TxRef | null> {
  const r = await ctx.db
    .selectFrom('address_transactions as a')
    .innerJoin('blocks as b', 'b.number', 'a.block_number')
    .select(['a.hash', 'a.block_number', 'b.timestamp'])
    .where('a.address', '=', address)
    .orderBy('a.block_number', dir)
    .orderBy('a.tx_index', dir)
    .limit(1)
    .executeTakeFirst();
  return r ? { hash: r.hash, blockNumber: Number(r.block_number), timestamp: Number(r.timestamp) } : null;
}

export async function addressActivity(ctx: ApiContext, address: string): Promise<AddressActivity> {
  const [firstTransaction, lastTransaction] = await Promise.all([end(ctx, address, 'asc'), end(ctx, address, 'desc')]);
  return { firstTransaction, lastTransaction };
}
