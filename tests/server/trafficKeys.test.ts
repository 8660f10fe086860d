/**
 * The traffic generator against a node given by RUBY_RPC_URL (TRAFFIC=on): it signs with the keys
 * of DATA_DIR/devnet/keys.json (a devnet started on that folder), and stays off, saying why,
 * without them: there are no built-in keys any more (issue #45 item 6).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDevnetAndTraffic } from '../../server/app';
import { startDevnet, type Devnet } from '../../server/chain/devnet';
import { loadConfig } from '../../server/config';

let dir = '';
let devnet: Devnet;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-traffic-keys-'));
  devnet = await startDevnet({ dataDir: path.join(dir, 'node'), port: 0, chainId: 18215, blockTime: 0, persist: false });
}, 60_000);

afterAll(async () => {
  await devnet?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('stays off without the keys file, and signs with the data folder’s keys with it', async () => {
  const logs: string[] = [];
  const elsewhere = loadConfig({ RUBY_RPC_URL: devnet.publicUrl, TRAFFIC: 'on', DATA_DIR: path.join(dir, 'empty') });
  const off = await startDevnetAndTraffic(elsewhere, (m) => logs.push(m));
  expect(off.devnet).toBeNull();
  expect(off.traffic).toBeNull();
  expect(logs.join('\n')).toContain(
    `traffic: off: TRAFFIC=on with RUBY_RPC_URL needs funded keys in ${path.join(dir, 'empty', 'devnet', 'keys.json')}`,
  );

  const beside = loadConfig({ RUBY_RPC_URL: devnet.url, TRAFFIC: 'on', DATA_DIR: path.join(dir, 'node') });
  const on = await startDevnetAndTraffic(beside, () => {});
  try {
    expect(on.traffic).not.toBeNull();
    const deployment = await on.traffic!.setup();
    expect(deployment.deployer).toBe(devnet.accounts.wallet(0).address.toLowerCase());
  } finally {
    await on.traffic?.stop();
  }
}, 180_000);
