/**
 * Issue #45, "the server cannot open the wallet", against the devnet and real databases:
 * - everything the server holds after a sign-up and a wallet link made as the SPA makes them
 *   (the users row, every other row naming the account, every line the API logged) opens no
 *   keystore; the wallet key, which only the browser derives, does;
 * - an account and keystore written by the old release's calls (the password itself in
 *   POST /registration, /login, a keystore under the password) moves over on its next log-in
 *   in one POST /rekey, keeps its wallet, and the old form is refused afterwards.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Wallet, decryptKeystoreJson, encryptKeystoreJson } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import type { ChallengeResponse, LoginResponse } from '../../../common/api/wallet';
import { apiPaths } from '../../../common/api/paths';
import { deriveKeys } from '../../../common/kdf';
import { KDF_ID } from '../../../common/kdfParams';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { rawQuery } from '../../../server/db/database';
import { opensKeystore } from '../../helpers/keystoreCheck';

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
});
afterAll(() => chain?.stop());

type Body = Record<string, unknown>;

describeEachDatabase('the password split', (getDb, kind) => {
  let api: TestApi;
  const logged: string[] = [];
  beforeAll(async () => {
    api = await chain.api(getDb(), {}, { log: (m) => logged.push(m) });
  });
  afterAll(() => api?.close());

  async function call<T = Body>(method: 'GET' | 'POST', url: string, payload?: unknown, token?: string) {
    const res = await api.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Body }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { statusCode: res.statusCode, body: res.json<T>() };
  }

  async function link(token: string, wallet: Wallet, keystore: string) {
    const ch = await call<ChallengeResponse>('GET', apiPaths.walletChallenge(), undefined, token);
    const message = ch.body.result.message;
    const signature = await wallet.signMessage(message);
    return call('POST', apiPaths.importWallet(), { address: toRubyAddress(wallet.address), message, signature, keystore }, token);
  }

  /** Every value of every row that names the account, as text. */
  async function storedFor(email: string): Promise<string[]> {
    const tables = await rawQuery<{ table_name: string }>(
      getDb().db,
      "SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'email'",
    );
    const values: string[] = [];
    for (const { table_name } of tables) {
      const rows = await rawQuery<Record<string, unknown>>(getDb().db, `SELECT * FROM "${table_name}" WHERE email = '${email}'`);
      for (const row of rows) for (const v of Object.values(row)) values.push(typeof v === 'string' ? v : JSON.stringify(v));
    }
    return values;
  }

  it('what the server stores and logs after sign-up and wallet link opens no keystore; the wallet key does', async () => {
    const email = `split.${kind}@example.com`;
    const password = 'correct horse battery staple';
    const keys = deriveKeys(password, email);
    const signup = await call<{ token: string }>('POST', apiPaths.register(), { email, password: keys.loginSecret, kdf: KDF_ID });
    expect(signup.statusCode).toBe(200);
    const login = await call<LoginResponse>('POST', apiPaths.login(), { email, password: keys.loginSecret, kdf: KDF_ID });
    expect(login.body).toMatchObject({ status: true, wallet: false });
    expect(login.body.rekey).toBeUndefined();
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    const keystore = await encryptKeystoreJson(wallet, keys.walletKey, { scrypt: { N: 1 << 14 } });
    expect((await link(login.body.token, wallet, keystore)).statusCode).toBe(200);

    const stored = await storedFor(email);
    const row = (
      await rawQuery<{ auth_version: number; keystore: unknown }>(getDb().db, `SELECT * FROM users WHERE email = '${email}'`)
    )[0];
    expect(Number(row?.auth_version)).toBe(2);
    const storedKeystore = JSON.stringify(row?.keystore);
    const held = [...stored, ...logged].join('\n');
    for (const secret of [password, keys.walletKey, keys.loginSecret, wallet.privateKey, wallet.privateKey.slice(2)])
      expect(held).not.toContain(secret);
    // Every stored value, every logged line and every word of them, and the secret the server
    // received (it is not stored, but even so): none is the keystore's password.
    const candidates = new Set([...stored, ...logged, ...held.split(/[\s$:,"{}[\]]+/), keys.loginSecret].filter((c) => c !== ''));
    // (Node's native scrypt checks the keystore's MAC as ethers does: the last lines show they agree.)
    const opening = [...candidates].filter((c) => opensKeystore(storedKeystore, c));
    expect(opening.map((c) => c.slice(0, 40))).toEqual([]);
    expect(candidates.size).toBeGreaterThan(20);
    expect(opensKeystore(storedKeystore, keys.walletKey)).toBe(true);
    await expect(decryptKeystoreJson(storedKeystore, keys.loginSecret)).rejects.toThrow(/incorrect password/);
    expect((await decryptKeystoreJson(storedKeystore, keys.walletKey)).privateKey).toBe(wallet.privateKey);
  });

  it('moves an account written by the old release over on its next log-in, keeping its wallet', async () => {
    const email = `old.${kind}@example.com`;
    const password = 'an old password';
    // The release's calls: the password itself, a keystore under the password (N = 2^16, as its SPA wrote).
    expect((await call('POST', apiPaths.register(), { email, password })).statusCode).toBe(200);
    const oldLogin = await call<LoginResponse>('POST', apiPaths.login(), { email, password });
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    const oldKeystore = await encryptKeystoreJson(wallet, password, { scrypt: { N: 1 << 16 } });
    expect((await link(oldLogin.body.token, wallet, oldKeystore)).statusCode).toBe(200);
    const before = await rawQuery<{ auth_version: number; password_hash: string }>(
      getDb().db,
      `SELECT * FROM users WHERE email = '${email}'`,
    );
    expect(Number(before[0]?.auth_version)).toBe(1);

    // The new SPA: the log-in secret first; the server says the account has not moved yet.
    const keys = deriveKeys(password, email);
    const first = await call<Body>('POST', apiPaths.login(), { email, password: keys.loginSecret, kdf: KDF_ID });
    expect(first).toEqual({
      statusCode: 401,
      body: {
        status: false,
        wallet: false,
        token: '',
        msg: 'Invalid email or password',
        message: 'Invalid email or password',
        upgrade: true,
      },
    });
    // A wrong password in the old form gets no grant.
    expect((await call<Body>('POST', apiPaths.login(), { email, password: 'not the password' })).body.rekey).toBeUndefined();
    const legacy = await call<LoginResponse>('POST', apiPaths.login(), { email, password });
    expect(legacy.statusCode).toBe(200);
    const grant = legacy.body.rekey ?? '';
    expect(grant).toMatch(/^\d+\.[\w-]{43}$/);
    const key = (await decryptKeystoreJson(legacy.body.keystore ?? '', password)).privateKey;
    const newKeystore = await encryptKeystoreJson(new Wallet(key), keys.walletKey, { scrypt: { N: 1 << 14 } });
    const token = legacy.body.token;
    const rekey = (body: Body) => call<Body>('POST', apiPaths.rekey(), { password: keys.loginSecret, kdf: KDF_ID, ...body }, token);

    // Refusals change nothing: no keystore, another wallet's keystore, a forged grant.
    expect((await rekey({ grant })).statusCode).toBe(400);
    const foreign = await encryptKeystoreJson(new Wallet(Wallet.createRandom().privateKey), keys.walletKey, { scrypt: { N: 1 << 14 } });
    expect((await rekey({ grant, keystore: foreign })).body.message).toMatch(/another address/);
    expect((await rekey({ grant: `${grant.split('.')[0]}.${'A'.repeat(43)}`, keystore: newKeystore })).statusCode).toBe(403);
    expect(await rawQuery(getDb().db, `SELECT password_hash, auth_version FROM users WHERE email = '${email}'`)).toEqual(
      before.map((r) => ({ password_hash: r.password_hash, auth_version: r.auth_version })),
    );

    const moved = await rekey({ grant, keystore: newKeystore });
    expect(moved).toEqual({ statusCode: 200, body: { status: true, msg: 'Account keys updated' } });
    // The grant was for the old hash: a replay is refused.
    expect((await rekey({ grant, keystore: newKeystore })).statusCode).toBe(403);

    const after = await rawQuery<{ auth_version: number }>(getDb().db, `SELECT auth_version FROM users WHERE email = '${email}'`);
    expect(Number(after[0]?.auth_version)).toBe(2);
    // The old form is refused from now on, with no hint; the new one opens the same wallet.
    expect((await call<Body>('POST', apiPaths.login(), { email, password })).body).toEqual({
      status: false,
      wallet: false,
      token: '',
      msg: 'Invalid email or password',
      message: 'Invalid email or password',
    });
    const now = await call<LoginResponse>('POST', apiPaths.login(), { email, password: keys.loginSecret, kdf: KDF_ID });
    expect(now.body).toMatchObject({ status: true, wallet: true, address: toRubyAddress(wallet.address) });
    expect(now.body.rekey).toBeUndefined();
    expect((await decryptKeystoreJson(now.body.keystore ?? '', keys.walletKey)).privateKey).toBe(wallet.privateKey);
    await expect(decryptKeystoreJson(now.body.keystore ?? '', password)).rejects.toThrow(/incorrect password/);
  });

  it('changes the password in one call: the current log-in secret proves it, hash and keystore swap together', async () => {
    const email = `change.${kind}@example.com`;
    const before = deriveKeys('the first password', email);
    const after = deriveKeys('the second password', email);
    await call('POST', apiPaths.register(), { email, password: before.loginSecret, kdf: KDF_ID });
    const login = await call<LoginResponse>('POST', apiPaths.login(), { email, password: before.loginSecret, kdf: KDF_ID });
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    await link(login.body.token, wallet, await encryptKeystoreJson(wallet, before.walletKey, { scrypt: { N: 1 << 14 } }));
    const keystore = await encryptKeystoreJson(wallet, after.walletKey, { scrypt: { N: 1 << 14 } });
    const change = (currentPassword: string) =>
      call<Body>('POST', apiPaths.rekey(), { password: after.loginSecret, kdf: KDF_ID, currentPassword, keystore }, login.body.token);
    expect((await change(after.loginSecret)).statusCode).toBe(403);
    expect((await change(before.loginSecret)).statusCode).toBe(200);
    expect((await call('POST', apiPaths.login(), { email, password: before.loginSecret, kdf: KDF_ID })).statusCode).toBe(401);
    const now = await call<LoginResponse>('POST', apiPaths.login(), { email, password: after.loginSecret, kdf: KDF_ID });
    expect((await decryptKeystoreJson(now.body.keystore ?? '', after.walletKey)).privateKey).toBe(wallet.privateKey);
    // Neither proof, or both: a clear 400.
    expect((await call('POST', apiPaths.rekey(), { password: after.loginSecret, kdf: KDF_ID, keystore }, now.body.token)).statusCode).toBe(
      400,
    );
  });

  it('refuses a split sign-up whose secret is not 64 hex digits with a 400', async () => {
    const r = await call<Body>('POST', apiPaths.register(), { email: `bad.${kind}@example.com`, password: 'short password', kdf: KDF_ID });
    expect(r.statusCode).toBe(400);
    expect(r.body.result).toMatch(/64 lowercase hex/);
  });
});
