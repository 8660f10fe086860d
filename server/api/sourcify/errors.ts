/**
 * Sourcify's error answers ({customCode, message, errorId}) and the chain / address checks every
 * Sourcify route makes first (its validateChainId and validateAddress middlewares).
 */
import { randomUUID } from 'node:crypto';
import { parseAddress } from '../../../common/address';
import type { SourcifyError } from '../../../common/api/sourcify';
import { rpcCalls, send } from '../../chain/rpcActions';
import type { ApiContext } from '../../core/context';

export class SourcifyHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly customCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'SourcifyHttpError';
  }

  body(): SourcifyError {
    return sourcifyError(this.customCode, this.message);
  }
}

export const sourcifyError = (customCode: string, message: string, extra: Record<string, string> = {}): SourcifyError => ({
  customCode,
  message,
  errorId: randomUUID(),
  ...extra,
});

export const invalidParameter = (message: string) => new SourcifyHttpError(400, 'invalid_parameter', message);

const chainIds = new WeakMap<ApiContext, Promise<number>>();
/** The node's chain id, asked once per API context (a failed ask is asked again). */
export function nodeChainId(ctx: ApiContext): Promise<number> {
  let id = chainIds.get(ctx);
  if (!id) {
    id = send(ctx.rpc, rpcCalls.chainId());
    id.catch(() => chainIds.delete(ctx));
    chainIds.set(ctx, id);
  }
  return id;
}

/** The path's chain id, which must be the node's: 404 unsupported_chain otherwise (as Sourcify answers an unknown chain). */
export async function checkChain(ctx: ApiContext, chainId: string): Promise<number> {
  const ours = await nodeChainId(ctx);
  if (!/^\d{1,20}$/.test(chainId)) throw invalidParameter(`Invalid chainId: ${chainId.slice(0, 40)}`);
  if (BigInt(chainId) !== BigInt(ours))
    throw new SourcifyHttpError(
      404,
      'unsupported_chain',
      `Chain ${chainId.slice(0, 20)} not found: this explorer verifies contracts of chain ${ours} only`,
    );
  return ours;
}

/** The path's address (0x… or r…) in lowercase 0x form; 400 invalid_parameter otherwise. */
export function checkAddress(address: string): string {
  const a = parseAddress(address.trim());
  if (!a) throw invalidParameter(`Invalid address: ${address.slice(0, 60)}`);
  return a;
}
