/**
 * GET /chainid (issue #38, defect 14): the wallet's Receive dialog builds its EIP-681 payment QR code
 * (`ethereum:0x…@{chainId}`) from the node's chain id, never a constant: a devnet started with another chain id than
 * the product's default answers that one; with the node down, a 503 within seconds, not a 500.
 */
import { TEST_MNEMONIC } from '../../helpers/devKeys';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../common/api/paths';
import type { ChainIdResponse } from '../../../common/api/wallet';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { LocalBus } from '../../../server/events';
import { buildApi } from '../../../server/api/server';
import { openTestDatabase } from '../../helpers/db';

let dir: string;
let devnet: Devnet;
let db: Database;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-chainid-'));
  devnet = await startDevnet({ dataDir: dir, mnemonic: TEST_MNEMONIC, port: 0, chainId: 4242, blockTime: 0 });
  db = await openTestDatabase('pglite');
}, 120_000);
afterAll(async () => {
  await db?.close();
  await devnet?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

async function api(rpcUrl: string) {
  const bus = new LocalBus();
  const { app } = await buildApi({
    config: loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: rpcUrl, SOLC_BINARIES_URL: 'off', SOLC_NPM_REGISTRY: 'off' }),
    db,
    bus,
    rpcUrl,
    indexerStatus: () => ({}) as never,
    log: () => {},
    distDir: path.join(dir, 'no-dist'),
  });
  await app.ready();
  return {
    get: async () => {
      const res = await app.inject({ method: 'GET', url: apiPaths.chainId() });
      return { statusCode: res.statusCode, body: res.json<ChainIdResponse & { message?: string }>() };
    },
    close: async () => {
      await app.close();
      await bus.close();
    },
  };
}

describe('GET /chainid', () => {
  it("answers the node's chain id", async () => {
    const a = await api(devnet.url);
    try {
      const { statusCode, body } = await a.get();
      expect(statusCode).toBe(200);
      expect(body).toEqual({ status: true, result: { chainId: 4242 } });
    } finally {
      await a.close();
    }
  });

  it('with no node: a 503 JSON answer within seconds, never a 500', async () => {
    const a = await api('http://127.0.0.1:9');
    try {
      const started = Date.now();
      const { statusCode, body } = await a.get();
      expect(statusCode).toBe(503);
      expect(body.status).toBe(false);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await a.close();
    }
  }, 30_000);
});
