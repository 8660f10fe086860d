/**
 * Accounts and the wallet against a real devnet and real databases: sign up, duplicate email,
 * log in (right and wrong password, unknown email), token checks (expired, another account's),
 * the wallet link (bad signature and foreign challenge refused, keystore restored on log-in),
 * a transaction signed here as the browser does and relayed, then seen indexed with the exact
 * balance change, server-side signing, adding a token and the token history, rate limits.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Transaction, Wallet, decryptKeystoreJson, parseEther, parseUnits, type HDNodeWallet } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import type {
  LoginResponse,
  RegistrationResponse,
  TxStatusResponse,
  WalletDataResponse,
  WalletTokensResponse,
  OneTokenTransactionsResponse,
} from '../../../common/api/wallet';
import { signToken } from '../../../server/auth/jwt';
import { sidOf } from '../../helpers/sessionToken';
import { resolveJwtSecret } from '../../../server/auth/secret';
import { devWallet } from '../../helpers/devKeys';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { keystoreOf, walletCalls, type Body } from './walletCalls';
import { apiPaths, rawApiPath } from '../../../common/api/paths';

let chain: IndexedChain;
let deployment: Deployment;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 4 });
  deployment = await chain.traffic.setup();
});
afterAll(() => chain?.stop());

describeEachDatabase('accounts and wallet API', (getDb, kind) => {
  let api: TestApi;
  let secret: string;
  const email = `Alice.${kind}@Example.com`;
  const normalised = email.toLowerCase();
  const password = 'correct horse battery';
  let token = '';
  let wallet: HDNodeWallet;

  const { call, link, sendSigned } = walletCalls({
    api: () => api,
    token: () => token,
    wallet: () => wallet,
  });

  beforeAll(async () => {
    api = await chain.api(getDb(), { legacySecretRoutes: true }); // the spec's GET forms, as with the bundled devnet
    secret = resolveJwtSecret(api.ctx.config);
    wallet = Wallet.createRandom();
  });
  afterAll(() => api?.close());

  it('signs up with a JSON body and answers a token holding the normalised email and exp in seconds', async () => {
    const res = await call<RegistrationResponse>('POST', apiPaths.register(), { email: `  ${email} `, password });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
    token = res.body.token;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { email: string; exp: number; iat: number };
    expect(payload.email).toBe(normalised);
    expect(payload.exp - payload.iat).toBe(api.ctx.config.auth.tokenTtlSeconds);
    expect(Math.abs(payload.iat - Date.now() / 1000)).toBeLessThan(60);
    const row = await getDb().db.selectFrom('users').selectAll().where('email', '=', normalised).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(JSON.stringify(row)).not.toContain(password);
  });

  it('refuses a duplicate email (any case) and bad input with the reason in result', async () => {
    const dup = await call<Body>('POST', apiPaths.register(), { email: normalised.toUpperCase(), password: 'another password' });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toEqual({
      status: false,
      message: 'an account with this email already exists',
      result: 'an account with this email already exists',
    });
    expect((await call('POST', apiPaths.register(), { email: 'not-an-email', password })).statusCode).toBe(400);
    expect((await call<Body>('POST', apiPaths.register(), { email: `b.${kind}@example.com`, password: 'short' })).body.result).toMatch(
      /at least 8/,
    );
    expect((await call('POST', apiPaths.register(), { email: 'x@example.com' })).statusCode).toBe(400);
  });

  it('logs in with the right password; a wrong password and an unknown email get the same answer', async () => {
    const ok = await call<LoginResponse>('POST', apiPaths.login(), { email: normalised, password });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toMatchObject({ status: true, wallet: false, msg: 'No wallet is linked to this account yet' });
    expect(ok.body.token.split('.')).toHaveLength(3);
    const wrong = await call('POST', apiPaths.login(), { email: normalised, password: 'wrong password!' });
    const unknown = await call('POST', apiPaths.login(), { email: `nobody.${kind}@example.com`, password });
    expect(wrong.statusCode).toBe(401);
    expect(unknown).toEqual(wrong);
    expect(wrong.body).toEqual({
      status: false,
      wallet: false,
      token: '',
      msg: 'Invalid email or password',
      message: 'Invalid email or password',
    });
  });

  it('refuses a missing, expired, forged or foreign token', async () => {
    expect((await call('GET', apiPaths.walletData(normalised))).statusCode).toBe(401);
    const expired = signToken(secret, { email: normalised, sid: sidOf(token) }, 60, Math.floor(Date.now() / 1000) - 3600);
    expect((await call('GET', apiPaths.walletData(normalised), undefined, expired)).statusCode).toBe(401);
    const forged = signToken('another secret entirely, 32 chars+', { email: normalised, sid: sidOf(token) }, 3600);
    expect((await call('GET', apiPaths.walletData(normalised), undefined, forged)).statusCode).toBe(401);
    expect((await call('GET', apiPaths.walletData('someone.else@example.com'), undefined, token)).statusCode).toBe(403);
    expect((await call('GET', apiPaths.walletData(normalised), undefined, token)).body).toEqual({ status: true, result: null });
  });

  it('refuses a link signed by another key, over a forged challenge, or with a keystore of another address', async () => {
    const keystore = await keystoreOf(wallet, 1 << 14);
    const other = Wallet.createRandom();
    const bad = await link(other, keystore);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe('Invalid signature: the challenge was not signed by this wallet');
    const forged = await link(wallet, keystore, {
      message: 'Ruby Explorer: link this wallet to my account\nAccount: x\nNonce: 00\nExpires: 1\nCode: x',
    });
    expect(forged.body.message).toMatch(/^Invalid challenge/);
    const otherKs = await keystoreOf(other, 1 << 14);
    expect((await link(wallet, otherKs)).body.message).toBe('Invalid keystore: keystore is for another address');
    const cheap = await keystoreOf(wallet, 1 << 10);
    expect((await link(wallet, cheap)).body.message).toMatch(/scrypt cost/);
    const row = await getDb().db.selectFrom('users').select('wallet_address').where('email', '=', normalised).executeTakeFirstOrThrow();
    expect(row.wallet_address).toBeNull();
  });

  it('links a wallet proven by its signature; log-in then restores the key from the keystore', async () => {
    const keystore = await keystoreOf(wallet, 1 << 14);
    const res = await link(wallet, keystore);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: true, msg: 'Wallet linked successfully', result: { address: toRubyAddress(wallet.address) } });
    const row = await getDb().db.selectFrom('users').selectAll().where('email', '=', normalised).executeTakeFirstOrThrow();
    expect(row.wallet_address).toBe(wallet.address.toLowerCase());
    expect(JSON.stringify(row)).not.toContain(wallet.privateKey.slice(2));
    const login = await call<LoginResponse>('POST', apiPaths.login(), { email, password });
    expect(login.body).toMatchObject({ status: true, wallet: true, msg: 'Login successful', address: toRubyAddress(wallet.address) });
    const restored = await decryptKeystoreJson(login.body.keystore!, password);
    expect(restored.privateKey).toBe(wallet.privateKey);
  });

  it('relays a transaction signed outside the server and sees it indexed with the exact balance change', async () => {
    const dev = devWallet(0);
    const fund = await call<{ result: string }>('POST', apiPaths.send(), {
      privateKey: dev.privateKey,
      recipient: toRubyAddress(wallet.address),
      amount: '5',
    });
    expect(fund.statusCode, JSON.stringify(fund.body)).toBe(200);
    await api.mine();
    const before = await call<WalletDataResponse>('GET', apiPaths.walletData(normalised), undefined, token);
    expect(before.body.result?.balanceWei).toBe(parseEther('5').toString());

    const recipient = toRubyAddress(Wallet.createRandom().address);
    const hash = await sendSigned(wallet, recipient, parseEther('1.5'));
    expect((await call<TxStatusResponse>('GET', apiPaths.txStatus(hash))).body.result.indexed).toBe(false);
    await api.mine();
    const st = await call<TxStatusResponse>('GET', apiPaths.txStatus(hash));
    expect(st.body.result).toMatchObject({ indexed: true, status: 1 });
    const tx = await api.get<{ result: { feeWei: string; from: string; to: string } }>(apiPaths.txData(hash));
    expect(tx.body.result.from).toBe(toRubyAddress(wallet.address));
    const after = await call<WalletDataResponse>('GET', apiPaths.walletData(normalised), undefined, token);
    expect(BigInt(after.body.result?.balanceWei ?? -1)).toBe(parseEther('5') - parseEther('1.5') - BigInt(tx.body.result.feeWei));
    const rec = await api.get<{ balanceWei: string; result: { hash: string }[] }>(
      apiPaths.userTx({ address: recipient, page: 1, size: 20 }),
    );
    expect(rec.body.balanceWei).toBe(parseEther('1.5').toString());
    expect(rec.body.result.map((r) => r.hash)).toEqual([hash]);
  });

  it('refuses raw transactions that are not hex, not signed, or for another chain', async () => {
    const bad = (raw: string) => call<Body>('POST', apiPaths.sendRawTx(), { rawTransaction: raw });
    expect((await bad('hello')).statusCode).toBe(400);
    expect((await bad('0xdeadbeef')).body.message).toMatch(/not a decodable/);
    const unsigned = Transaction.from({
      type: 2,
      to: wallet.address,
      value: 1n,
      chainId: 18215,
      nonce: 0,
      gasLimit: 21000n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
    });
    expect((await bad(unsigned.unsignedSerialized)).body.message).toMatch(/not signed/);
    const foreign = await wallet.signTransaction({
      type: 2,
      to: wallet.address,
      value: 1n,
      chainId: 1,
      nonce: 0,
      gasLimit: 21000n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
    });
    expect((await bad(foreign)).body.message).toMatch(/chain id 1 /);
  });

  it('sends a token signed on the server, lists it, its history, and adds a token to the list', async () => {
    const [held, other] = deployment.tokens;
    const tokenAddr = toRubyAddress(held!.address);
    const res = await call<Body>(
      'GET',
      apiPaths.sendTokenInPath({
        privateKey: devWallet(0).privateKey,
        recipient: toRubyAddress(wallet.address),
        tokenContract: tokenAddr,
        amount: '12.5',
      }),
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    await api.mine();
    const tokens = await call<WalletTokensResponse>('GET', apiPaths.allTokens(toRubyAddress(wallet.address)));
    expect(tokens.body.result).toEqual([
      expect.objectContaining({ contractAddress: tokenAddr, balanceWei: parseUnits('12.5', 18).toString(), added: false }),
    ]);
    const hist = await call<OneTokenTransactionsResponse>(
      'GET',
      apiPaths.oneTokenTx({ address: toRubyAddress(wallet.address), tokenContract: tokenAddr, page: 1, size: 20 }),
    );
    expect(hist.body.trx_length).toBe(1);
    expect(hist.body.result[0]).toMatchObject({
      hash: res.body.result,
      to: toRubyAddress(wallet.address),
      valueWei: parseUnits('12.5', 18).toString(),
    });

    const otherAddr = toRubyAddress(other!.address);
    const add = await call(
      'GET',
      apiPaths.importToken({ walletAddress: toRubyAddress(wallet.address), tokenAddress: otherAddr }),
      undefined,
      token,
    );
    expect(add.body).toEqual({ status: true, msg: 'Token Add Successfully' });
    const list = await call<WalletTokensResponse>('GET', apiPaths.allTokens(toRubyAddress(wallet.address)));
    expect(list.body.result.map((t) => [t.contractAddress, t.added, t.balanceWei])).toEqual([
      [tokenAddr, false, parseUnits('12.5', 18).toString()],
      [otherAddr, true, '0'],
    ]);
    expect(
      (
        await call(
          'GET',
          apiPaths.importToken({ walletAddress: toRubyAddress(wallet.address), tokenAddress: `r${'1'.repeat(40)}` }),
          undefined,
          token,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'GET',
          apiPaths.importToken({ walletAddress: toRubyAddress(devWallet(0).address), tokenAddress: otherAddr }),
          undefined,
          token,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', apiPaths.importToken({ walletAddress: toRubyAddress(wallet.address), tokenAddress: otherAddr }))).statusCode,
    ).toBe(401);
    const search = await call<{ result: { contract_address: string }[] }>('GET', apiPaths.searchToken());
    expect(search.body.result.map((t) => t.contract_address)).toEqual(expect.arrayContaining([tokenAddr, otherAddr]));
  });

  it('never echoes a private key or password, even in errors', async () => {
    const key = Wallet.createRandom().privateKey;
    const answers = [
      await call('GET', apiPaths.sendInPath({ privateKey: key, recipient: 'not-an-address', amount: 1 })),
      await call('GET', rawApiPath('sendInPath', key, 'rabc')),
      await call(
        'GET',
        apiPaths.sendTokenInPath({ privateKey: key, recipient: `r${'2'.repeat(40)}`, tokenContract: `r${'3'.repeat(40)}`, amount: 1 }),
      ),
      await call('POST', apiPaths.send(), `{"privateKey":"${key}", broken`),
      await call('GET', rawApiPath('registerInPath', 'x@example.com', key, 'extra')),
      await call('GET', rawApiPath('importWallet', 'x@example.com', key)), // the old client's form, not served
    ];
    for (const a of answers) {
      expect(a.statusCode).toBeGreaterThanOrEqual(400);
      expect(a.statusCode).toBeLessThan(500);
      expect(JSON.stringify(a.body)).not.toContain(key.slice(2));
    }
    const created = await call<{ result: { address: string; privateKey: string } }>('GET', apiPaths.createWallet());
    expect(new Wallet(created.body.result.privateKey).address).toBe(`0x${created.body.result.address.slice(1)}`);
  });

  it('limits log-in attempts per email', async () => {
    const target = `limited.${kind}@example.com`;
    const codes: number[] = [];
    for (let i = 0; i < api.ctx.config.auth.failuresPer15Minutes + 1; i++)
      codes.push((await call('POST', apiPaths.login(), { email: target, password: 'whatever123' })).statusCode);
    expect(codes.slice(0, -1).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
