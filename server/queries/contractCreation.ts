/**
 * How a contract was created, with its creation code as the chain has it: the creating
 * transaction's input for a deploy from an account, or the init code of the internal CREATE/CREATE2
 * for a contract a factory made. Read from what the indexer stored (contracts, transactions,
 * internal_transactions); when the block was indexed without traces, the transaction is traced on
 * demand (debug_traceTransaction with the callTracer); when that fails too, a clear refusal.
 */
import { RpcError } from '../chain/rpc';
import { rpcCalls, send } from '../chain/rpcActions';
import type { CallFrame } from '../chain/types';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { badRequest } from '../core/http';

export interface Creation {
  txHash: string;
  blockNumber: number | null;
  /** The transaction's sender. */
  creator: string;
  /** The contract whose CREATE/CREATE2 made this one; null when the transaction itself created it. */
  factory: string | null;
  /** The creation code as run on chain (compiled creation code + constructor arguments), 0x… */
  initCode: string;
}

interface TxFacts {
  from: string;
  to: string | null;
  input: string;
  contractAddress: string | null;
  blockNumber: number | null;
}

async function txFacts(ctx: ApiContext, hash: string): Promise<TxFacts | null> {
  const row = await ctx.db
    .selectFrom('transactions')
    .select(['from_address', 'to_address', 'input', 'contract_address', 'block_number'])
    .where('hash', '=', hash)
    .executeTakeFirst();
  if (row)
    return {
      from: row.from_address,
      to: row.to_address,
      input: row.input,
      contractAddress: row.contract_address,
      blockNumber: row.block_number,
    };
  const tx = await send(ctx.rpc, rpcCalls.getTransactionByHash(hash));
  if (!tx) return null;
  const receipt = await send(ctx.rpc, rpcCalls.getTransactionReceipt(hash));
  return {
    from: tx.from.toLowerCase(),
    to: tx.to?.toLowerCase() ?? null,
    input: tx.input.toLowerCase(),
    contractAddress: receipt?.contractAddress?.toLowerCase() ?? null,
    blockNumber: receipt ? Number(BigInt(receipt.blockNumber)) : null,
  };
}

/** The CREATE/CREATE2 frame that made `address`, depth first. */
function findCreateFrame(frame: CallFrame, address: string): CallFrame | null {
  const type = frame.type.toUpperCase();
  if ((type === 'CREATE' || type === 'CREATE2') && frame.to?.toLowerCase() === address && !frame.error) return frame;
  for (const c of frame.calls ?? []) {
    const f = findCreateFrame(c, address);
    if (f) return f;
  }
  return null;
}

/**
 * The creation of `address`; `txHash` (e.g. Sourcify's creationTransactionHash) names the creating
 * transaction when the indexer has not recorded it. Refuses (400) when the creation cannot be found.
 */
export async function findCreation(ctx: ApiContext, address: string, txHash?: string | null): Promise<Creation> {
  const who = rubyAddress(address);
  const row = await ctx.db.selectFrom('contracts').select(['tx_hash', 'block_number']).where('address', '=', address).executeTakeFirst();
  const hash = (txHash ?? row?.tx_hash)?.toLowerCase();
  if (!hash)
    throw badRequest(
      `The creation of ${who} is not indexed yet: no transaction is known to have created it. Try again once the indexer has reached its block, or give the creation transaction hash`,
    );
  const tx = await txFacts(ctx, hash);
  if (!tx) throw badRequest(`The creation transaction ${hash} of ${who} is unknown to the node`);
  if (tx.to === null && tx.contractAddress === address)
    return { txHash: hash, blockNumber: tx.blockNumber, creator: tx.from, factory: null, initCode: tx.input };
  const internal = await ctx.db
    .selectFrom('internal_transactions')
    .select(['from_address', 'input'])
    .where('tx_hash', '=', hash)
    .where('call_type', '=', 'create')
    .where('to_address', '=', address)
    .where('error', 'is', null)
    .executeTakeFirst();
  if (internal?.input)
    return {
      txHash: hash,
      blockNumber: tx.blockNumber,
      creator: tx.from,
      factory: internal.from_address,
      initCode: internal.input.toLowerCase(),
    };
  // No init code on record (indexed without traces, or before init code was kept): trace it now.
  let top: CallFrame | null;
  try {
    top = await send(ctx.rpc, rpcCalls.debugTraceTransaction(hash));
  } catch (err) {
    if (!(err instanceof RpcError)) throw err;
    throw badRequest(
      `The creation code of ${who} is not known: transaction ${hash} created it inside another contract, and the node does not trace transactions (debug_traceTransaction: ${err.message.slice(0, 200)})`,
    );
  }
  const frame = top ? findCreateFrame(top, address) : null;
  if (!frame?.input) throw badRequest(`Transaction ${hash} did not create ${who}`);
  return {
    txHash: hash,
    blockNumber: tx.blockNumber,
    creator: tx.from,
    factory: frame.from.toLowerCase(),
    initCode: frame.input.toLowerCase(),
  };
}
