/**
 * Issue #45 item 7, the visitor lane (server/chain/visitorRpc.ts): an NFT whose tokenURI burns
 * every unit of gas (tests/fixtures/sol/CostlyNft.sol, deployed on the devnet with 200 items)
 * must not cost the node ~21 s per inventory page, nor open the node breaker for everyone.
 */
import { apiPaths } from '../../../common/api/paths';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AbiCoder } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NftInventoryResponse } from '../../../common/api/nfts';
import { compileSolidity } from '../../../server/chain/compile';
import { NodeHealth } from '../../../server/chain/nodeHealth';
import { RpcError, toHexQuantity } from '../../../server/chain/rpc';
import { capGas, VISITOR_CALL_GAS, VisitorCallStopped, VisitorLaneBusy, VisitorRpcClient } from '../../../server/chain/visitorRpc';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';

const ITEMS = 200;
let chain: IndexedChain;
let nft: string;
let deployer: string;

const tokenUriCall = (id: number, gas?: bigint) => ({
  to: nft,
  data: `0xc87b56dd${id.toString(16).padStart(64, '0')}`,
  ...(gas === undefined ? {} : { gas: toHexQuantity(gas) }),
});

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 2 });
  const source = await fs.readFile(path.join(import.meta.dirname, '../../fixtures/sol/CostlyNft.sol'), 'utf8');
  const compiled = await compileSolidity({ 'CostlyNft.sol': source });
  expect(compiled.errors.filter((e) => e.severity === 'error')).toEqual([]);
  const artifact = compiled.artifacts.find((a) => a.contractName === 'CostlyNft')!;
  deployer = (await chain.rpc.call<string[]>('eth_accounts'))[0]!;
  const data = artifact.bytecode + AbiCoder.defaultAbiCoder().encode(['uint256'], [ITEMS]).slice(2);
  const hash = await chain.rpc.call<string>('eth_sendTransaction', [{ from: deployer, data, gas: toHexQuantity(20_000_000n) }]);
  await chain.rpc.call('evm_mine', []);
  const receipt = await chain.rpc.call<{ status: string; contractAddress: string }>('eth_getTransactionReceipt', [hash]);
  expect(receipt.status).toBe('0x1');
  nft = receipt.contractAddress.toLowerCase();
}, 120_000);
afterAll(() => chain?.stop());

describe('the visitor lane on its own', () => {
  it('caps the gas of eth_call and eth_estimateGas, lowering a larger gas asked for', () => {
    const cap = toHexQuantity(VISITOR_CALL_GAS);
    expect(capGas({ method: 'eth_call', params: [{ to: '0x1' }, 'latest'] }).params).toEqual([{ to: '0x1', gas: cap }, 'latest']);
    expect(capGas({ method: 'eth_call', params: [{ to: '0x1', gas: '0xffffffff' }, 'latest'] }).params[0]).toMatchObject({ gas: cap });
    expect(capGas({ method: 'eth_estimateGas', params: [{ gas: '0x5208' }] }).params[0]).toEqual({ gas: '0x5208' });
    expect(capGas({ method: 'eth_getCode', params: ['0x1', 'latest'] }).params).toEqual(['0x1', 'latest']);
  });

  it('answers a costly call out of gas, without counting against the breaker', async () => {
    const health = new NodeHealth(chain.devnet.url);
    const lane = new VisitorRpcClient(chain.devnet.url, {}, health);
    const started = performance.now();
    const err = await lane.call('eth_call', [tokenUriCall(1, 2n ** 40n), 'latest']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(health.doubtful).toBe(false);
    health.close();
  });

  it('stops a post past its time-out as a failed call, and the breaker is not told', async () => {
    const health = new NodeHealth(chain.devnet.url, { failuresToOpen: 1 });
    const lane = new VisitorRpcClient(chain.devnet.url, {}, health, { gas: 30_000_000n, timeoutMs: 20, concurrency: 4, queueMs: 1_000 });
    const calls = [1, 2, 3].map((id) => ({ method: 'eth_call', params: [tokenUriCall(id), 'latest'] }));
    const outcomes = await lane.batchSettled(calls);
    expect(outcomes.map((o) => !o.ok && o.error instanceof VisitorCallStopped)).toEqual([true, true, true]);
    expect(health.reachable).toBe(true);
    expect(health.doubtful).toBe(false);
    health.close();
  });

  it('holds its own concurrency cap: past it, a 429 with Retry-After', async () => {
    const health = new NodeHealth(chain.devnet.url);
    const lane = new VisitorRpcClient(chain.devnet.url, {}, health, {
      gas: VISITOR_CALL_GAS,
      timeoutMs: 5_000,
      concurrency: 1,
      queueMs: 20,
    });
    const costly = lane.batchSettled(
      Array.from({ length: 10 }, (_, i) => ({ method: 'eth_call', params: [tokenUriCall(i + 1), 'latest'] })),
    );
    const refused = await lane.call('eth_blockNumber').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(VisitorLaneBusy);
    expect(refused).toMatchObject({ statusCode: 429, retryAfterSeconds: 5 });
    await costly;
    expect(lane.inFlight).toBe(0);
    expect(typeof (await lane.call('eth_blockNumber'))).toBe('string');
    health.close();
  });
});

describeEachDatabase(
  'a costly tokenURI through the API',
  (getDb) => {
    let api: TestApi;
    beforeAll(async () => {
      api = await chain.api(getDb());
    }, 120_000);
    afterAll(() => api?.close());

    it('answers two inventory pages of 200 within a bound, metadata unavailable, and the breaker stays closed', async () => {
      const started = performance.now();
      const page = () => api.get<NftInventoryResponse>(apiPaths.nftInventory({ contractAddress: nft, page: 1, size: ITEMS }));
      const balance = (async () => {
        await new Promise((r) => setTimeout(r, 500));
        return api.get(apiPaths.balance(deployer));
      })();
      const [a, b, other] = await Promise.all([page(), page(), balance]);
      const seconds = (performance.now() - started) / 1000;
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.body.result).toHaveLength(ITEMS);
      expect(a.body.result.every((i) => i.tokenUri === null)).toBe(true);
      expect(seconds).toBeLessThan(9);
      // Another node-backed route answered meanwhile, and the node is still called up.
      expect(other.statusCode).toBe(200);
      expect(api.ctx.nodeHealth.reachable).toBe(true);
      expect((await api.get(apiPaths.balance(deployer))).statusCode).toBe(200);
    }, 60_000);

    it("the Etherscan proxy's eth_call of a costly tokenURI answers the node's error at once, whatever gas is asked", async () => {
      const started = performance.now();
      const res = await api.get<{ error?: { code: number; message: string } }>(
        `${apiPaths.etherscan()}?module=proxy&action=eth_call&to=${nft}&data=${tokenUriCall(1).data}&gas=0xffffffffff&tag=latest`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.body.error?.message).toMatch(/out ?of ?gas|OOG|stopped after/i);
      expect(performance.now() - started).toBeLessThan(3_500);
      expect(api.ctx.nodeHealth.reachable).toBe(true);
    });
  },
  { kinds: ['pglite'] },
);
