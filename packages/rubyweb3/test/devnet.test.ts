/**
 * rubyweb3 against the real thing: an anvil devnet with the traffic generator's tokens, indexed
 * into PGlite, the explorer API listening on a real port, a block per transaction (automine) and
 * the indexer following. The /rubyWeb3Docs page shows these same example files.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RubyWeb3, RubyWeb3Error, createWallet } from 'rubyweb3';
import { openDatabase, type Database } from '../../../server/db/database';
import { devWallet } from '../../../tests/helpers/devKeys';
import { apiPaths as registryPaths } from '../../../common/api/paths';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../../tests/helpers/apiFixture';
import { showBalance } from '../examples/balance';
import { showLatestBlock } from '../examples/block';
import { connect } from '../examples/connect';
import { sendRuby } from '../examples/sendCoin';
import { sendTokens } from '../examples/sendToken';
import { showTransaction } from '../examples/transaction';

let chain: IndexedChain;
let database: Database;
let api: TestApi;
let apiUrl: string;
let ruby: RubyWeb3;
let following: ReturnType<typeof setInterval> | null = null;
let token: string;
let tokenHolderKey: string;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 3 });
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  api = await chain.api(database);
  apiUrl = `${await api.app.listen({ port: 0, host: '127.0.0.1' })}/api`;
  // From now on every transaction is mined at once, and the indexer follows like the product's.
  await chain.rpc.call('evm_setAutomine', [true]);
  let busy = false;
  following = setInterval(() => {
    if (busy) return;
    busy = true;
    api.indexer
      .runOnce()
      .catch(() => {})
      .finally(() => {
        busy = false;
      });
  }, 150);
  // A dev account holding a traffic token (dev accounts are idle between traffic steps).
  const devs = Array.from({ length: 10 }, (_, i) => devWallet(i));
  const row = await database.db
    .selectFrom('token_balances as b')
    .innerJoin('contracts as c', 'c.address', 'b.token_address')
    .select(['b.token_address', 'b.holder'])
    .where('c.contract_type', '=', 'rbc20')
    .where('b.balance', '>', '10000000000000000000')
    .where(
      'b.holder',
      'in',
      devs.map((w) => w.address.toLowerCase()),
    )
    .orderBy('b.token_address')
    .executeTakeFirstOrThrow();
  token = row.token_address;
  tokenHolderKey = devs.find((w) => w.address.toLowerCase() === row.holder)!.privateKey;
  ruby = connect(apiUrl, chain.devnet.url);
});

afterAll(async () => {
  if (following) clearInterval(following);
  ruby?.close();
  await api?.close();
  await database?.close();
  await chain?.stop();
});

describe('the docs examples on the devnet', () => {
  it('sendCoin: sends 0.25 RUBY to a new wallet, mined and indexed; getBalance shows it', async () => {
    const to = createWallet().address;
    const receipt = await sendRuby(ruby, devWallet(9).privateKey, to);
    expect(receipt.status).toBe(1);
    const log = vi.spyOn(console, 'log');
    try {
      expect(await showBalance(ruby, to)).toBe('0.25');
      expect(log).toHaveBeenCalledWith(`${to} holds 0.25 RUBY (250000000000000000 wei)`);
    } finally {
      log.mockRestore();
    }
    // The explorer has it as a coin transfer with the exact amount.
    const tx = await showTransaction(ruby, (await ruby.getBlock(receipt.blockNumber)).transactions[0]!.hash);
    expect(tx).toMatchObject({ status: 1, blockNumber: receipt.blockNumber, to, valueWei: '250000000000000000', transactiontype: 0 });
  });

  it('sendToken: 1.5 tokens arrive; tokenBalance reads them in whole tokens', async () => {
    const to = createWallet().address;
    expect(await sendTokens(ruby, tokenHolderKey, to, token)).toBe('1.5');
    const bal = await ruby.tokenBalance(to, token);
    expect(bal.balanceWei).toBe(1_500_000_000_000_000_000n);
    expect(bal.decimals).toBe(18);
  });

  it('getLatestBlockNumber and getBlock: the newest block with its transactions', async () => {
    const head = Number(BigInt(await chain.rpc.call<string>('eth_blockNumber', [])));
    await vi.waitFor(async () => expect((await api.get(registryPaths.block(head))).statusCode).toBe(200), { timeout: 10_000 });
    const block = await showLatestBlock(ruby);
    expect(block.number).toBe(head);
    expect(block.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(block.miner.startsWith('r')).toBe(true);
    expect(block.transactions.length).toBe(block.totaltransaction);
    expect((await ruby.getBlock(block.hash)).number).toBe(head);
  });
});

describe('errors', () => {
  it('an unknown transaction or block is an API_ERROR with status 404', async () => {
    const err = await ruby.getTransaction(`0x${'ab'.repeat(32)}`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RubyWeb3Error);
    expect(err).toMatchObject({ code: 'API_ERROR', status: 404 });
    await expect(ruby.getBlock(10_000_000)).rejects.toMatchObject({ code: 'API_ERROR', status: 404 });
    await expect(ruby.getBlock('latest')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('bad input is refused before any call', async () => {
    await expect(ruby.getBalance('r123')).rejects.toMatchObject({ code: 'INVALID_ADDRESS' });
    await expect(ruby.sendCoin({ privateKey: devWallet(9).privateKey, to: createWallet().address, amount: '-1' })).rejects.toMatchObject({
      code: 'INVALID_AMOUNT',
    });
    await expect(
      ruby.sendCoin({ privateKey: devWallet(9).privateKey, to: createWallet().address, amount: '0.0000000000000000001' }),
    ).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
  });

  it('a wallet without coins cannot send: TRANSACTION_FAILED, key not echoed', async () => {
    const empty = createWallet();
    const err = await ruby.sendCoin({ privateKey: empty.privateKey, to: createWallet().address, amount: '1' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'TRANSACTION_FAILED' });
    expect((err as Error).message).not.toContain(empty.privateKey.slice(2));
  });

  it('an API key is sent as x-api-key: a wrong one is refused with 401', async () => {
    const keyed = new RubyWeb3({ apiUrl, rpcUrl: chain.devnet.url, apiKey: `rbx_${'x'.repeat(32)}` });
    await expect(keyed.getBalance(devWallet(1).address)).rejects.toMatchObject({
      code: 'API_ERROR',
      status: 401,
      message: 'Invalid API key',
    });
    keyed.close();
  });

  it('an unreachable API or node is a NETWORK_ERROR', async () => {
    const nowhere = new RubyWeb3({ apiUrl: 'http://127.0.0.1:9/api', rpcUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(nowhere.getBalance(devWallet(1).address)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await expect(nowhere.getLatestBlockNumber()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    nowhere.close();
  });
});
