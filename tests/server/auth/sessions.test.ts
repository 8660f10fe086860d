/**
 * Issue #45, sessions the server can end (server/auth/sessions.ts), on PGlite and PostgreSQL:
 * a token after log-out, after "log out everywhere" and (the other sessions) after a password
 * change gets the 401 of an expired one; a wrong current password changes nothing; after the
 * change the stored keystore opens with the new wallet key only.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Wallet, decryptKeystoreJson, encryptKeystoreJson } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import type { ChallengeResponse, LoginResponse } from '../../../common/api/wallet';
import { deriveKeys, type DerivedKeys } from '../../../common/kdf';
import { KDF_ID } from '../../../common/kdfParams';
import { buildApi } from '../../../server/api/server';
import { TOKEN_REJECTED } from '../../../server/auth/session';
import { loadConfig } from '../../../server/config';
import { rawQuery } from '../../../server/db/database';
import { LocalBus } from '../../../server/events';
import { describeEachDatabase } from '../../helpers/db';

type App = Awaited<ReturnType<typeof buildApi>>['app'];
type Body = Record<string, unknown>;

let dir = '';
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-sessions-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describeEachDatabase('server-side sessions', (getDb, kind) => {
  let app: App;
  let bus: LocalBus;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: path.join(dir, kind), RUBY_RPC_URL: 'http://127.0.0.1:9' });
    bus = new LocalBus();
    ({ app } = await buildApi({
      config,
      db: getDb(),
      bus,
      rpcUrl: config.rpcUrl ?? '',
      indexerStatus: () => ({}) as never,
      log: () => {},
      distDir: path.join(dir, 'no-dist'),
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await bus?.close();
  });

  async function call<T = Body>(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) {
    const res = await app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Body }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { statusCode: res.statusCode, body: res.json<T>() };
  }
  const logIn = async (email: string, keys: DerivedKeys) => {
    const r = await call<LoginResponse>('POST', apiPaths.login(), undefined, { email, password: keys.loginSecret, kdf: KDF_ID });
    expect(r.statusCode).toBe(200);
    return r.body;
  };
  /** A call that needs a live session: 200, or the scope's 401. */
  const probe = async (token: string) => (await call('GET', apiPaths.walletChallenge(), token)).statusCode;
  const rejected = { statusCode: 401, body: { status: false, message: TOKEN_REJECTED } };

  async function signUp(email: string, password: string): Promise<{ keys: DerivedKeys; token: string }> {
    const keys = deriveKeys(password, email);
    const r = await call<{ token: string }>('POST', apiPaths.register(), undefined, { email, password: keys.loginSecret, kdf: KDF_ID });
    expect(r.statusCode).toBe(200);
    return { keys, token: r.body.token };
  }

  it('log-out ends that session only; its token gets 401 everywhere, the other session stays', async () => {
    const email = `logout.${kind}@example.com`;
    const { keys, token: first } = await signUp(email, 'log me out please');
    const second = (await logIn(email, keys)).token;
    expect([await probe(first), await probe(second)]).toEqual([200, 200]);

    expect(await call('POST', apiPaths.logout(), first)).toEqual({
      statusCode: 200,
      body: { status: true, msg: 'Logged out', result: { ended: 1 } },
    });
    expect(await call('GET', apiPaths.walletChallenge(), first)).toEqual(rejected);
    expect(await call('GET', apiPaths.walletData(email), first)).toEqual(rejected);
    expect(await call('POST', apiPaths.logout(), first)).toEqual(rejected);
    expect(await probe(second)).toBe(200);
  });

  it('"log out everywhere" ends every session of the account and no one else\'s', async () => {
    const email = `everywhere.${kind}@example.com`;
    const { keys, token: a } = await signUp(email, 'everywhere at once');
    const b = (await logIn(email, keys)).token;
    const c = (await logIn(email, keys)).token;
    const bystander = (await signUp(`bystander.${kind}@example.com`, 'not involved here')).token;

    expect(await call('POST', apiPaths.logoutAll(), b)).toEqual({
      statusCode: 200,
      body: { status: true, msg: 'Logged out everywhere', result: { ended: 3 } },
    });
    for (const t of [a, b, c]) expect(await call('GET', apiPaths.walletChallenge(), t)).toEqual(rejected);
    expect(await probe(bystander)).toBe(200);
    // A new log-in opens a new session.
    expect(await probe((await logIn(email, keys)).token)).toBe(200);
  });

  it('a password change swaps hash and keystore atomically, ends the other sessions; a wrong current password changes nothing', async () => {
    const email = `change.${kind}@example.com`;
    const { keys: oldKeys, token: caller } = await signUp(email, 'the old password');
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    const oldKeystore = await encryptKeystoreJson(wallet, oldKeys.walletKey, { scrypt: { N: 1 << 14 } });
    const ch = await call<ChallengeResponse>('GET', apiPaths.walletChallenge(), caller);
    const message = ch.body.result.message;
    const linked = await call('POST', apiPaths.importWallet(), caller, {
      address: toRubyAddress(wallet.address),
      message,
      signature: await wallet.signMessage(message),
      keystore: oldKeystore,
    });
    expect(linked.statusCode).toBe(200);
    const other = (await logIn(email, oldKeys)).token;

    const newKeys = deriveKeys('the new password', email);
    const newKeystore = await encryptKeystoreJson(wallet, newKeys.walletKey, { scrypt: { N: 1 << 14 } });
    const row = async () =>
      (await rawQuery<Body>(getDb().db, `SELECT password_hash, auth_version, keystore FROM users WHERE email = '${email}'`))[0];
    const before = await row();

    const wrong = deriveKeys('not the old password', email);
    const change = (current: string) =>
      call('POST', apiPaths.rekey(), caller, {
        currentPassword: current,
        password: newKeys.loginSecret,
        kdf: KDF_ID,
        keystore: newKeystore,
      });
    expect(await change(wrong.loginSecret)).toEqual({
      statusCode: 403,
      body: { status: false, message: 'The current password is wrong: nothing was changed' },
    });
    expect(await row()).toEqual(before);
    expect([await probe(caller), await probe(other)]).toEqual([200, 200]);

    expect(await change(oldKeys.loginSecret)).toEqual({ statusCode: 200, body: { status: true, msg: 'Account keys updated' } });
    // The caller's session stays; the other one (taken with the old password) is ended.
    expect(await probe(caller)).toBe(200);
    expect(await call('GET', apiPaths.walletChallenge(), other)).toEqual(rejected);
    // The old log-in secret no longer logs in; the new one does, with the new keystore.
    const oldLogin = await call('POST', apiPaths.login(), undefined, { email, password: oldKeys.loginSecret, kdf: KDF_ID });
    expect(oldLogin.statusCode).toBe(401);
    const fresh = await logIn(email, newKeys);
    expect(await probe(fresh.token)).toBe(200);
    const stored = JSON.stringify((await row())?.keystore);
    expect(fresh.keystore).toBe(stored);
    expect((await decryptKeystoreJson(stored, newKeys.walletKey)).privateKey).toBe(wallet.privateKey);
    await expect(decryptKeystoreJson(stored, oldKeys.walletKey)).rejects.toThrow(/incorrect password/);
  });
});
