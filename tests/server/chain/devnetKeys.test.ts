/**
 * The devnet's keys (issue #45 item 6): a random mnemonic per data folder, made on its first start
 * and kept (mode 0600) in DATA_DIR/devnet/keys.json; a restart keeps it and the chain's balances;
 * the log says where the keys are and the first address, never the phrase or a key; a folder
 * with an older release's state (made with anvil's public test keys) is refused with what to do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../server/chain/devnet';
import { keysFilePath, readDevnetAccounts } from '../../../server/chain/devnetKeys';
import { RpcClient } from '../../../server/chain/rpc';
import { portHolder, StartupError } from '../../../server/ports';
import { TEST_MNEMONIC } from '../../helpers/devKeys';

const dirs: string[] = [];
const running: Devnet[] = [];

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-keys-'));
  dirs.push(d);
  return d;
}

async function start(dataDir: string, log?: (m: string) => void, mnemonic?: string): Promise<Devnet> {
  const d = await startDevnet({
    dataDir,
    port: 0,
    chainId: 18215,
    blockTime: 0,
    ...(log ? { log } : {}),
    ...(mnemonic ? { mnemonic } : {}),
  });
  running.push(d);
  return d;
}

afterAll(async () => {
  await Promise.all(running.map((d) => d.stop()));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const balance = (d: Devnet, a: string) => new RpcClient(d.publicUrl).call<string>('eth_getBalance', [a, 'latest']).then(BigInt);

describe('devnet keys', () => {
  it('gives two fresh data folders two random mnemonics, each in a keys file of mode 0600', async () => {
    const logs: string[] = [];
    const [a, b] = [tempDir(), tempDir()];
    const da = await start(a, (m) => logs.push(m));
    const db = await start(b);
    expect(da.accounts.mnemonic).not.toBe(db.accounts.mnemonic);
    expect(da.accounts.mnemonic).not.toBe(TEST_MNEMONIC);
    expect(da.accounts.mnemonic.split(' ')).toHaveLength(12);
    for (const [dir, d] of [
      [a, da],
      [b, db],
    ] as const) {
      expect(d.keysFile).toBe(keysFilePath(dir));
      expect(fs.statSync(d.keysFile).mode & 0o777).toBe(0o600);
      const file = JSON.parse(fs.readFileSync(d.keysFile, 'utf8')) as {
        mnemonic: string;
        accounts: { address: string; privateKey: string }[];
      };
      expect(file.mnemonic).toBe(d.accounts.mnemonic);
      expect(file.accounts).toHaveLength(10);
      expect(file.accounts[3]).toMatchObject({ address: d.accounts.wallet(3).address, privateKey: d.accounts.wallet(3).privateKey });
      expect(readDevnetAccounts(dir).wallet(0).address).toBe(d.accounts.wallet(0).address);
    }
    // The operator is told where the keys are and the first address; no phrase, no key in the log.
    const text = logs.join('\n');
    expect(text).toContain(da.keysFile);
    expect(text).toContain(da.accounts.wallet(0).address);
    expect(text).not.toContain(da.accounts.mnemonic);
    for (const w of da.accounts.wallets()) expect(text).not.toContain(w.privateKey.slice(2));
    // A message naming the holder of a port (anvil's, phrase on its command line) names no phrase.
    const holder = portHolder(da.port);
    expect(holder?.cmd).toContain('--mnemonic [redacted]');
    expect(holder?.cmd).not.toContain(da.accounts.mnemonic.split(' ').slice(0, 3).join(' '));
  }, 90_000);

  it('keeps the mnemonic and the balances across a restart of the same folder', async () => {
    const dir = tempDir();
    const first = await start(dir);
    const mnemonic = first.accounts.mnemonic;
    const w = first.accounts.wallet(1);
    const to = first.accounts.wallet(2).address;
    const rpc = new RpcClient(first.url);
    const nonce = await rpc.call<string>('eth_getTransactionCount', [w.address, 'latest']);
    const gasPrice = BigInt(await rpc.call<string>('eth_gasPrice'));
    const raw = await w.signTransaction({
      to,
      value: 10n ** 18n,
      nonce: Number(nonce),
      gasLimit: 21_000n,
      gasPrice: gasPrice * 2n,
      chainId: 18215n,
    });
    await new RpcClient(first.publicUrl).call('eth_sendRawTransaction', [raw]);
    const after = await balance(first, to);
    expect(after).toBe(10_001n * 10n ** 18n);
    await first.stop();

    const second = await start(dir);
    expect(second.accounts.mnemonic).toBe(mnemonic);
    expect(await balance(second, to)).toBe(after);
    expect(fs.statSync(second.keysFile).mode & 0o777).toBe(0o600);
  }, 90_000);

  it("refuses a folder whose devnet an older release made with anvil's public keys, saying what to do", async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'devnet'), { recursive: true });
    // An older release's state file: a chain with the test mnemonic's accounts, and no keys file.
    const old = await start(dir, undefined, TEST_MNEMONIC);
    await old.stop();
    fs.rmSync(keysFilePath(dir));
    expect(fs.existsSync(path.join(dir, 'devnet', 'state.json'))).toBe(true);
    const refused = startDevnet({ dataDir: dir, port: 0, chainId: 18215, blockTime: 0 });
    await expect(refused).rejects.toBeInstanceOf(StartupError);
    await expect(refused).rejects.toThrow(/made by an older release with anvil's public test keys .*delete the data folder/);
    expect(fs.existsSync(keysFilePath(dir))).toBe(false);
  }, 90_000);

  it('makes a keys file readable by others private again', async () => {
    const dir = tempDir();
    const d = await start(dir);
    await d.stop();
    fs.chmodSync(d.keysFile, 0o644);
    const logs: string[] = [];
    await start(dir, (m) => logs.push(m));
    expect(fs.statSync(d.keysFile).mode & 0o777).toBe(0o600);
    expect(logs.join('\n')).toMatch(/was readable by others \(mode 644\); set to 0600/);
  }, 90_000);
});
