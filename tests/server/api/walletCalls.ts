/**
 * The calls wallet.test.ts makes, as the SPA makes them: JSON requests with the login token, the
 * wallet link (challenge, signature, keystore) and a transaction signed here and relayed.
 */
import { expect } from 'vitest';
import { encryptKeystoreJson, type HDNodeWallet } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import type { ChallengeResponse, PrepareTxResponse } from '../../../common/api/wallet';
import { apiPaths } from '../../../common/api/paths';
import type { TestApi } from '../../helpers/apiFixture';

export type Body = Record<string, unknown>;

export const keystoreOf = (w: { address: string; privateKey: string }, n: number) =>
  encryptKeystoreJson({ address: w.address, privateKey: w.privateKey }, 'correct horse battery', { scrypt: { N: n } });

/** The calls of one test suite, reading its current api, login token and wallet. */
export function walletCalls(state: { api: () => TestApi; token: () => string; wallet: () => HDNodeWallet }) {
  async function call<T = Body>(
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    auth?: string,
  ): Promise<{ statusCode: number; body: T }> {
    const res = await state.api().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Body }),
      headers: auth ? { authorization: `Bearer ${auth}` } : {},
    });
    return { statusCode: res.statusCode, body: res.json<T>() };
  }

  async function link(w: { address: string; signMessage(m: string): Promise<string> }, keystore: string, opts: { message?: string } = {}) {
    const ch = await call<ChallengeResponse>('GET', apiPaths.walletChallenge(), undefined, state.token());
    expect(ch.statusCode).toBe(200);
    const message = opts.message ?? ch.body.result.message;
    return call(
      'POST',
      apiPaths.importWallet(),
      { address: toRubyAddress(state.wallet().address), message, signature: await w.signMessage(message), keystore },
      state.token(),
    );
  }

  /** Signs as the SPA does: fields from /preparetx, signature here, relay through the API. */
  async function sendSigned(from: HDNodeWallet, to: string, value: bigint, data = '0x'): Promise<string> {
    const prep = await call<PrepareTxResponse>('POST', apiPaths.prepareTx(), {
      from: toRubyAddress(from.address),
      to,
      value: value.toString(),
      data,
    });
    expect(prep.statusCode).toBe(200);
    const f = prep.body.result;
    const raw = await from.signTransaction({
      type: 2,
      to: `0x${to.slice(1)}`,
      value,
      data,
      chainId: f.chainId,
      nonce: f.nonce,
      gasLimit: BigInt(f.gasLimit),
      maxFeePerGas: BigInt(f.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(f.maxPriorityFeePerGas),
    });
    const sent = await call<{ result: string }>('POST', apiPaths.sendRawTx(), { rawTransaction: raw });
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
    return sent.body.result;
  }

  return { call, link, sendSigned };
}
