/**
 * A token alone cannot replace a linked wallet (a stolen token would take the account's wallet
 * away, its keystore overwritten): POST /importwallet on an account that has one asks for the
 * password (the log-in secret, as /login takes it). Without it 409, with a wrong one 403, and the
 * first wallet and its keystore stay; with the right one the new wallet is linked.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Wallet, encryptKeystoreJson } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import { deriveKeys } from '../../../common/kdf';
import { KDF_ID } from '../../../common/kdfParams';
import { WALLET_REPLACE_NEEDS_PASSWORD, WALLET_REPLACE_WRONG_PASSWORD } from '../../../server/auth/accounts';
import { findUser } from '../../../server/auth/users';
import { describeEachDatabase } from '../../helpers/db';
import { nodelessApi, type NodelessApp } from '../../helpers/nodelessApi';

let dir = '';
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-relink-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describeEachDatabase('replacing a linked wallet', (getDb) => {
  let app: NodelessApp;
  beforeAll(async () => {
    app = await nodelessApi(getDb(), dir);
  });
  afterAll(() => app?.close());

  const post = async (url: string, body: unknown, token?: string) => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const linkBody = async (token: string, wallet: Wallet, walletKey: string, password?: string) => {
    const ch = await app.inject({ method: 'GET', url: apiPaths.walletChallenge(), headers: { authorization: `Bearer ${token}` } });
    const message = ch.json<{ result: { message: string } }>().result.message;
    const keystore = await encryptKeystoreJson(wallet, walletKey, { scrypt: { N: 1 << 14 } });
    return {
      address: toRubyAddress(wallet.address),
      message,
      signature: await wallet.signMessage(message),
      keystore,
      ...(password ? { password } : {}),
    };
  };

  it('asks for the password to replace a linked wallet, and keeps the first one until it is given', async () => {
    const email = `relink.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
    const keys = deriveKeys('a long account password', email);
    const reg = await post(apiPaths.register(), { email, password: keys.loginSecret, kdf: KDF_ID });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const token = String(reg.body.token);
    const first = new Wallet(Wallet.createRandom().privateKey);
    const second = new Wallet(Wallet.createRandom().privateKey);
    expect((await post(apiPaths.importWallet(), await linkBody(token, first, keys.walletKey), token)).status).toBe(200);

    const bare = await post(apiPaths.importWallet(), await linkBody(token, second, keys.walletKey), token);
    expect(bare).toEqual({ status: 409, body: { status: false, message: WALLET_REPLACE_NEEDS_PASSWORD } });
    const wrong = await post(apiPaths.importWallet(), await linkBody(token, second, keys.walletKey, 'f'.repeat(64)), token);
    expect(wrong).toEqual({ status: 403, body: { status: false, message: WALLET_REPLACE_WRONG_PASSWORD } });
    expect((await findUser(getDb().db, email))?.walletAddress).toBe(first.address.toLowerCase());

    const right = await post(apiPaths.importWallet(), await linkBody(token, second, keys.walletKey, keys.loginSecret), token);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect((await findUser(getDb().db, email))?.walletAddress).toBe(second.address.toLowerCase());
  });
});
