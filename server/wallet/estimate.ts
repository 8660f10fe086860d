/**
 * The estimate before a contract write (POST /estimatecall): eth_estimateGas from the signer, and
 * when the node refuses because the call reverts, its revert data, so the browser can name the
 * reason with the contract's ABI. Other refusals (no funds, bad nonce) are reverts too from the
 * caller's point of view: nothing is sent and the node's words are shown.
 */
import type { EstimateCall, EstimateCallBody } from '../../common/api/contractWrite';
import { RpcError, hexToBigInt, toHexQuantity } from '../chain/rpc';
import { chainId as readChainId, getBlock, rpcCalls, send } from '../chain/rpcActions';
import type { ApiContext } from '../core/context';
import { badRequest } from '../core/http';
import { parseAddressParam } from '../core/params';
import { prepareTx, type Refusal } from './transactions';

const HEX_DATA = /^0x([0-9a-fA-F]{2})*$/;

/** The revert data in a node's error: a hex string, or nested one level (`{ data: '0x…' }`, some nodes). */
export function revertData(err: RpcError): string | null {
  const d = err.data;
  if (typeof d === 'string' && HEX_DATA.test(d)) return d.toLowerCase();
  if (d && typeof d === 'object' && 'data' in d && typeof d.data === 'string' && HEX_DATA.test(d.data)) return d.data.toLowerCase();
  return null;
}

class Reverted extends Error {
  constructor(readonly rpc: RpcError) {
    super(rpc.message);
  }
}
const reverted: Refusal = (err) => {
  throw new Reverted(err);
};

export async function estimateCall(ctx: ApiContext, body: EstimateCallBody): Promise<EstimateCall> {
  const from = parseAddressParam(body.from);
  const to = parseAddressParam(body.to);
  if (!HEX_DATA.test(body.data)) throw badRequest('Invalid data: use 0x followed by hex bytes');
  const value = body.value ?? '0';
  if (!/^\d{1,78}$/.test(value)) throw badRequest('Invalid value: wei as decimal digits');
  try {
    const f = await prepareTx(ctx.visitorRpc, { from, to, value: BigInt(value), data: body.data }, reverted);
    let gasLimit = f.gasLimit;
    // prepareTx takes empty data for a plain transfer (21,000 gas): a contract's receive() may need more.
    if (body.data === '0x') {
      const call = { from, to, value: toHexQuantity(BigInt(value)), data: '0x' };
      gasLimit = ((await send(ctx.visitorRpc, rpcCalls.estimateGas(call)).catch(rethrowReverted)) * 12n) / 10n;
    }
    return { chainId: f.chainId, gasLimit: gasLimit.toString(), maxFeePerGas: f.maxFeePerGas.toString(), revert: null };
  } catch (err) {
    if (!(err instanceof Reverted)) throw err;
    const [chainId, block] = await Promise.all([readChainId(ctx.rpc), getBlock(ctx.rpc, 'latest', false)]);
    return {
      chainId,
      gasLimit: null,
      maxFeePerGas: (hexToBigInt(block?.baseFeePerGas ?? '0x0') * 2n).toString(),
      revert: { data: revertData(err.rpc), message: err.rpc.message.slice(0, 500) },
    };
  }
}

function rethrowReverted(err: unknown): never {
  if (err instanceof RpcError) throw new Reverted(err);
  throw err;
}
