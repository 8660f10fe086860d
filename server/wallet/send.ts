/**
 * The wallet calls behind the routes (api/routes/wallet.ts): sending coin or a token signed with
 * the caller's key (the documented server-side signing), and the fields a browser needs to sign
 * a transaction itself. Building, signing and relaying are transactions.ts's.
 */
import type { PreparedTx, PrepareTxBody } from '../../common/api/wallet';
import type { ApiContext } from '../core/context';
import { badRequest } from '../core/http';
import { parseAddressParam } from '../core/params';
import { requireToken } from '../queries/wallet';
import { parseAmount, parseKey, prepareTx, signAndSend } from './transactions';

export async function sendCoin(ctx: ApiContext, b: { privateKey: string; recipient: string; amount: string }): Promise<string> {
  const key = parseKey(b.privateKey);
  const to = parseAddressParam(b.recipient);
  return signAndSend(ctx.rpc, key, to, parseAmount(b.amount), null);
}

export async function sendToken(
  ctx: ApiContext,
  b: { privateKey: string; recipient: string; tokenContract: string; amount: string },
): Promise<string> {
  const key = parseKey(b.privateKey);
  const to = parseAddressParam(b.recipient);
  const token = await requireToken(ctx, b.tokenContract);
  return signAndSend(ctx.rpc, key, to, parseAmount(b.amount, token.decimals), token.address);
}

/** Chain id, nonce, fees and gas limit for a transaction the caller signs itself. */
export async function prepareForCaller(ctx: ApiContext, body: PrepareTxBody): Promise<PreparedTx> {
  const from = parseAddressParam(body.from);
  // No `to`: a contract creation (the Deploy page signs its own, docs/decisions.md).
  const to = body.to === undefined || body.to.trim() === '' ? null : parseAddressParam(body.to);
  const data = body.data ?? '0x';
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw badRequest('Invalid data: use 0x followed by hex bytes');
  const value = body.value ?? '0';
  if (!/^\d{1,78}$/.test(value)) throw badRequest('Invalid value: wei as decimal digits');
  const f = await prepareTx(ctx.rpc, { from, to, value: BigInt(value), data });
  return {
    chainId: f.chainId,
    nonce: f.nonce,
    gasLimit: f.gasLimit.toString(),
    maxFeePerGas: f.maxFeePerGas.toString(),
    maxPriorityFeePerGas: f.maxPriorityFeePerGas.toString(),
  };
}
