/**
 * Issue #28 in Debian's chromium: the SPA served by the API over the plain-node proxy says
 * "not available" (not the spec's empty text) on a transaction's Internal txns and Raw trace tabs
 * and on the splitter's Internal txns tab.
 */
import { TEST_MNEMONIC } from '../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NO_TRACES_NOTICE } from '../../common/api/capabilities';
import { EMPTY_TEXTS } from '../../common/spec';
import { startApiServer } from '../../server/api/server';
import { rubyAddress } from '../../server/core/format';
import { startDevnet, type Devnet } from '../../server/chain/devnet';
import { RpcClient } from '../../server/chain/rpc';
import { TrafficGenerator } from '../../server/chain/traffic';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { LocalBus } from '../../server/events';
import { Indexer } from '../../server/indexer/indexer';
import { launchBrowser, visit } from '../helpers/browser';
import { ensureDistBuilt } from '../helpers/distBuild';
import { REPO_ROOT } from '../helpers/product';
import { startPlainNode, type PlainNode } from '../helpers/plainNode';
import { TEST_COMPILE_CACHE_DIR } from '../helpers/compileCache';

let devnet: Devnet;
let plain: PlainNode;
let dir: string;
let database: Database;
let browser: Browser | null = null;
let baseUrl = '';
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  ensureDistBuilt();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-anynode-ui-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 18215, blockTime: 0 });
  const node = new RpcClient(devnet.url, { retries: 1, backoffMs: 50 });
  await node.call('evm_setAutomine', [false]);
  const traffic = new TrafficGenerator({ rpcUrl: devnet.url, accounts: devnet.accounts, seed: 30, cacheDir: TEST_COMPILE_CACHE_DIR });
  await traffic.setup();
  for (let i = 0; i < 15; i++) {
    await traffic.step();
    await node.call('evm_mine', []);
  }
  await traffic.stop();
  plain = await startPlainNode({ upstream: devnet.url });
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  const indexer = new Indexer({ rpc: new RpcClient(plain.url), db: database.db, batchSize: 10 });
  await indexer.init();
  await indexer.runOnce();
  const bus = new LocalBus();
  // As the product serves it: the API with its socket.io channel (the pages open it for live data).
  const api = await startApiServer({
    config: loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: plain.url, PORT: '0', HOST: '127.0.0.1' }),
    db: database,
    bus,
    rpcUrl: plain.url,
    indexerStatus: () => indexer.status(),
    log: () => {},
    distDir: path.join(REPO_ROOT, 'dist'),
  });
  baseUrl = api.url;
  close = async () => {
    await api.close();
    await bus.close();
  };
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await close();
  await database?.close();
  await plain?.close();
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
}, 60_000);

it('the transaction and address tabs show the notice in chromium', async () => {
  const tx = await database.db
    .selectFrom('transactions')
    .select(['hash', 'to_address'])
    .where('method', '=', 'distribute')
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  const v = await visit(browser as Browser, baseUrl, `/transaction/${tx.hash}`, { viewport: 'desktop' });
  try {
    await v.page.getByRole('tab', { name: 'Internal txns' }).click();
    await v.page.getByText(NO_TRACES_NOTICE).waitFor({ timeout: 20_000 });
    expect(await v.page.getByText(EMPTY_TEXTS.noInternal).count()).toBe(0);
    await v.page.getByRole('tab', { name: 'Raw trace' }).click();
    await v.page.getByText(NO_TRACES_NOTICE).waitFor({ timeout: 20_000 });
    expect(v.problems).toEqual([]);
  } finally {
    await v.close();
  }
  const a = await visit(browser as Browser, baseUrl, `/address/${rubyAddress(tx.to_address ?? '')}`, { viewport: 'desktop' });
  try {
    await a.page.getByRole('tab', { name: 'Internal txns' }).click();
    await a.page.getByText(NO_TRACES_NOTICE).first().waitFor({ timeout: 20_000 });
    expect(a.problems).toEqual([]);
  } finally {
    await a.close();
  }
});
