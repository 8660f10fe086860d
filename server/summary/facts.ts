/**
 * What a summary asks of the node, once per failed transaction, kept in
 * tx_summary_facts (022): its revert data. (A type-4 transaction's EIP-7702 authorisations are
 * the indexer's: tx_authorizations, 023.)
 *
 * The revert: the top call's output from debug_traceTransaction (exact: the transaction at its own
 * place in its block); where the node has no debug API, the replay with eth_call of its from, to,
 * data, value and gas at the parent block (right for the first transaction of a block, close for
 * the others). A node that answers neither (no old state) gives 'unavailable', kept like an answer;
 * a node that does not answer at all (down, time-out) gives nothing, and the next reader asks again.
 */
import { rpcCalls, send } from '../chain/rpcActions';
import { RpcError, type RpcClient } from '../chain/rpc';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface FactsTx {
  hash: string;
  blockNumber: number;
  blockHash: string;
  from: string;
  to: string | null;
  value: string;
  gas: string;
  input: string | null;
  status: number;
}

export interface StoredFacts {
  revertData: string | null;
  revertError: string | null;
  revertSource: 'trace' | 'replay' | 'unavailable' | null;
}

const hexData = (v: unknown): string | null => (typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v) ? v.toLowerCase() : null);

async function askRevert(rpc: RpcClient, tx: FactsTx): Promise<Pick<StoredFacts, 'revertData' | 'revertError' | 'revertSource'>> {
  try {
    const top = await send(rpc, rpcCalls.debugTraceTopCall(tx.hash));
    if (top) return { revertData: hexData(top.output), revertError: top.error ?? null, revertSource: 'trace' };
  } catch (err) {
    if (!(err instanceof RpcError)) throw err;
  }
  try {
    const req = {
      from: tx.from,
      to: tx.to,
      data: tx.input ?? '0x',
      value: `0x${BigInt(tx.value).toString(16)}`,
      gas: `0x${BigInt(tx.gas).toString(16)}`,
    };
    await send(rpc, rpcCalls.callWithGas(req, Math.max(tx.blockNumber - 1, 0)));
    // The replay did not revert: the state before this transaction differed from the parent block's.
    return { revertData: null, revertError: null, revertSource: 'unavailable' };
  } catch (err) {
    if (!(err instanceof RpcError)) throw err;
    if (/missing trie node|header not found|state.*(not available|pruned)|unknown block/i.test(err.message)) {
      return { revertData: null, revertError: null, revertSource: 'unavailable' };
    }
    return { revertData: hexData(err.data), revertError: err.message.replace(/^eth_call: /, ''), revertSource: 'replay' };
  }
}

const inFlight = new Map<string, Promise<StoredFacts | null>>();

/** Asks the node and keeps the answer; null when the node could not be asked now (nothing kept). */
export function askFacts(db: Kysely<DB>, rpc: RpcClient, tx: FactsTx): Promise<StoredFacts | null> {
  let p = inFlight.get(tx.hash);
  if (!p) {
    p = (async () => {
      try {
        const facts: StoredFacts = await askRevert(rpc, tx);
        const row = {
          tx_hash: tx.hash,
          block_hash: tx.blockHash,
          revert_data: facts.revertData,
          revert_error: facts.revertError,
          revert_source: facts.revertSource,
        };
        await db
          .insertInto('tx_summary_facts')
          .values(row)
          .onConflict((oc) => oc.column('tx_hash').doUpdateSet({ ...row, asked_at: new Date() }))
          .execute();
        return facts;
      } catch {
        return null;
      }
    })().finally(() => inFlight.delete(tx.hash));
    inFlight.set(tx.hash, p);
  }
  return p;
}
