/**
 * One transaction as the node knows it, for a hash the index does not hold yet:
 * sent a moment ago and waiting in the pool, or mined and not yet indexed. The transaction page
 * shows it as pending and switches to the indexed detail once that exists.
 */
import type { NodeTransaction } from '../../common/api/pending';
import { rpcCalls, send } from '../chain/rpcActions';
import type { RawTransaction } from '../chain/types';
import type { ApiContext } from '../core/context';
import { rubyAddress, toAmount } from '../core/format';
import { inputData } from './inputData';

/** null when the node does not know the hash. */
export async function nodeTransaction(ctx: ApiContext, hash: string): Promise<NodeTransaction | null> {
  const t = (await send(ctx.rpc, rpcCalls.getTransactionByHash(hash))) as (RawTransaction & { blockNumber?: string | null }) | null;
  if (!t) return null;
  const to = t.to ? t.to.toLowerCase() : null;
  // What the sender may pay at most: gas limit × its (max) gas price, as the Pending tab shows it.
  const price = BigInt(t.maxFeePerGas ?? t.gasPrice ?? '0x0');
  const gas = BigInt(t.gas);
  const value = BigInt(t.value);
  return {
    hash: t.hash.toLowerCase(),
    from: rubyAddress(t.from.toLowerCase()),
    to: to ? rubyAddress(to) : null,
    nonce: Number(BigInt(t.nonce)),
    value: toAmount(value.toString()),
    valueWei: value.toString(),
    gas: gas.toString(),
    gasPriceWei: price.toString(),
    fee: toAmount((gas * price).toString()),
    feeWei: (gas * price).toString(),
    input: t.input,
    inputData: to ? await inputData(ctx, to, t.input) : null,
    blockNumber: t.blockNumber ? Number(BigInt(t.blockNumber)) : null,
  };
}
