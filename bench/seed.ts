/**
 * A chain for the benches: the traffic generator's mix until at least `trafficTxs` transactions,
 * then one "busy" address that sends `busyTxs` coin transfers of its own (impersonated on anvil,
 * so no client-side signing), several per block like an exchange hot wallet.
 */
import path from 'node:path';
import { RpcClient } from '../server/chain/rpc';
import { startDevnet, type Devnet } from '../server/chain/devnet';
import { TrafficGenerator } from '../server/chain/traffic';

export const BUSY_ADDRESS = '0x00000000000000000000000000000000000b0057';

export interface SeededChain {
  devnet: Devnet;
  rpc: RpcClient;
  head: number;
  txs: number;
}

export async function seedChain(opts: {
  dir: string;
  trafficTxs: number;
  busyTxs: number;
  log?: (m: string) => void;
}): Promise<SeededChain> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const devnet = await startDevnet({ dataDir: opts.dir, port: 0, chainId: 18215, blockTime: 0, persist: false });
  const rpc = new RpcClient(devnet.url, { timeoutMs: 120_000 });
  await rpc.call('evm_setAutomine', [false]);
  const traffic = new TrafficGenerator({ rpcUrl: devnet.url, accounts: devnet.accounts, seed: 1, cacheDir: path.join(opts.dir, 'cache') });
  await traffic.setup();
  let txs = 0;
  const t0 = Date.now();
  while (txs < opts.trafficTxs) {
    // Several steps per block: bigger blocks, as on a busy chain.
    for (let i = 0; i < 4; i++) txs += (await traffic.step()).length;
    await rpc.call('evm_mine', []);
  }
  log(`seed: ${txs} traffic transactions in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  if (opts.busyTxs > 0) {
    const t1 = Date.now();
    await rpc.call('anvil_impersonateAccount', [BUSY_ADDRESS]);
    await rpc.call('anvil_setBalance', [BUSY_ADDRESS, '0x56BC75E2D63100000000']);
    const perBlock = 500;
    const recipients = Array.from({ length: 64 }, (_, i) => `0x${(0xb0b0 + i).toString(16).padStart(40, '0')}`);
    let sent = 0;
    while (sent < opts.busyTxs) {
      const n = Math.min(perBlock, opts.busyTxs - sent);
      // Explicit nonces: anvil answers a batch's calls concurrently, in no fixed order.
      const calls = Array.from({ length: n }, (_, i) => ({
        method: 'eth_sendTransaction',
        params: [
          {
            from: BUSY_ADDRESS,
            to: recipients[(sent + i) % recipients.length],
            value: '0x1',
            gas: '0x5208',
            nonce: `0x${(sent + i).toString(16)}`,
          },
        ],
      }));
      for (let i = 0; i < calls.length; i += 100) await rpc.batch(calls.slice(i, i + 100));
      await rpc.call('evm_mine', []);
      sent += n;
      txs += n;
    }
    log(`seed: ${sent} transactions of the busy address in ${((Date.now() - t1) / 1000).toFixed(0)} s`);
  }
  const head = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
  return { devnet, rpc, head, txs };
}
