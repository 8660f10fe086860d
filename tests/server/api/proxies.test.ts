/**
 * Issue #27: proxies resolved (indexer and API), their upgrade history, Read as proxy,
 * getsourcecode's Proxy / Implementation, and decoded input data on the transaction detail.
 * The devnet's own proxy set comes from the traffic generator (server/chain/trafficProxies.ts);
 * the other kinds (beacon, EIP-1822, getter) from tests/fixtures/sol/ProxyKinds.sol.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Interface, type Wallet } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import type { ProxyInfo } from '../../../common/api/proxy';
import type { ContractDetailResponse, TokenDataResponse } from '../../../common/api/tokens';
import type { TransactionDetailResponse } from '../../../common/api/transactions';
import { apiPaths } from '../../../common/api/paths';
import { compileSolidity, type Artifact } from '../../../server/chain/compile';
import { resolveProxy } from '../../../server/chain/proxy';
import type { Deployment, ProxyDeployment } from '../../../server/chain/trafficContracts';
import { counter } from '../../../server/chain/trafficProxies';
import { sql } from 'kysely';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { deployRaw, fundedKey, indexNow, postJson, readSol } from './deployFixture';

let chain: IndexedChain;
let deployment: Deployment;
let p: ProxyDeployment;
let wallet: Wallet;
let art: Record<string, Artifact>;
const kinds = { target: '', beacon: '', beaconProxy: '', uups: '', getter: '' };

const enc = (a: Artifact, types: string[] = [], args: unknown[] = []) =>
  a.bytecode + new Interface([`constructor(${types.join(',')})`]).encodeDeploy(args).slice(2);

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 4 });
  deployment = await chain.traffic.setup();
  p = deployment.proxies!;
  await chain.rpc.call('evm_setAutomine', [true]);
  wallet = await fundedKey(chain.rpc, 100n);
  const out = await compileSolidity({ 'ProxyKinds.sol': readSol('ProxyKinds.sol') });
  art = Object.fromEntries(out.artifacts.map((a) => [a.contractName, a]));
  kinds.target = await deployRaw(chain.rpc, wallet, art.Target!.bytecode);
  kinds.beacon = await deployRaw(chain.rpc, wallet, enc(art.Beacon!, ['address'], [kinds.target]));
  kinds.beaconProxy = await deployRaw(chain.rpc, wallet, enc(art.BeaconProxy!, ['address'], [kinds.beacon]));
  kinds.uups = await deployRaw(chain.rpc, wallet, enc(art.Proxiable1822!, ['address'], [kinds.target]));
  kinds.getter = await deployRaw(chain.rpc, wallet, enc(art.GetterProxy!, ['address'], [kinds.target]));
}, 240_000);
afterAll(() => chain?.stop());

it('resolves each kind from the node alone (slots, bytecode, getter), and no proxy for other contracts', async () => {
  expect(await resolveProxy(chain.rpc, p.proxy, 'latest')).toEqual({ kind: 'eip1967', implementation: p.implementations[1], beacon: null });
  expect(await resolveProxy(chain.rpc, p.clone, 'latest')).toEqual({ kind: 'eip1167', implementation: p.implementations[1], beacon: null });
  expect(await resolveProxy(chain.rpc, kinds.beaconProxy, 'latest')).toEqual({
    kind: 'eip1967-beacon',
    implementation: kinds.target,
    beacon: kinds.beacon,
  });
  expect(await resolveProxy(chain.rpc, kinds.uups, 'latest')).toEqual({ kind: 'eip1822', implementation: kinds.target, beacon: null });
  expect(await resolveProxy(chain.rpc, kinds.getter, 'latest')).toEqual({ kind: 'getter', implementation: kinds.target, beacon: null });
  // The beacon answers implementation() but cannot delegate; implementations, tokens and the router are no proxies.
  for (const a of [kinds.beacon, kinds.target, ...p.implementations, deployment.router, deployment.tokens[0]!.address])
    expect(await resolveProxy(chain.rpc, a, 'latest'), a).toBeNull();
}, 60_000);

describeEachDatabase('proxies API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
    await indexNow(api);
  }, 120_000);
  afterAll(() => api?.close());

  const detail = async (a: string) => {
    const res = await api.get<ContractDetailResponse>(apiPaths.contractDetail(toRubyAddress(a)));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return res.body.result.proxy ?? null;
  };

  it('shows the devnet proxy with its implementation and upgrade history, and the clone', async () => {
    const proxy = (await detail(p.proxy)) as ProxyInfo;
    expect(proxy).toMatchObject({
      kind: 'eip1967',
      implementation: toRubyAddress(p.implementations[1]),
      live: true,
      implementationVerified: false,
    });
    expect(proxy.implementationAbi).toBeNull();
    expect(proxy.history.map((h) => [h.event, h.implementation])).toEqual([
      ['Upgraded', toRubyAddress(p.implementations[0])],
      ['Upgraded', toRubyAddress(p.implementations[1])],
    ]);
    expect(proxy.history[0]!.blockNumber).toBeLessThan(proxy.history[1]!.blockNumber);
    const tx = await chain.rpc.call<{ to: string; input: string }>('eth_getTransactionByHash', [proxy.history[1]!.txHash]);
    expect(tx.to.toLowerCase()).toBe(p.proxy);
    expect(counter.parseTransaction({ data: tx.input })?.name).toBe('upgradeTo');

    expect(await detail(p.clone)).toMatchObject({ kind: 'eip1167', implementation: toRubyAddress(p.implementations[1]), history: [] });
    expect(await detail(kinds.beaconProxy)).toMatchObject({
      kind: 'eip1967-beacon',
      beacon: toRubyAddress(kinds.beacon),
      implementation: toRubyAddress(kinds.target),
      // The beacon's own Upgraded (at its creation) comes first, then the proxy's BeaconUpgraded.
      history: [
        { event: 'Upgraded', implementation: toRubyAddress(kinds.target) },
        { event: 'BeaconUpgraded', implementation: null, beacon: toRubyAddress(kinds.beacon) },
      ],
    });
    expect(await detail(kinds.uups)).toMatchObject({ kind: 'eip1822' });
    expect(await detail(kinds.getter)).toMatchObject({ kind: 'getter' });
    expect(await detail(deployment.router)).toBeNull();
    const token = await api.get<TokenDataResponse>(apiPaths.tokenData(toRubyAddress(deployment.tokens[0]!.address)));
    expect(token.body.result.proxy).toBeNull();
  });

  it('the indexer stored every proxy it saw created or upgraded', async () => {
    const rows = await sql<{ address: string; kind: string; implementation: string; beacon: string | null }>`
      SELECT address, kind, implementation, beacon FROM contract_proxies ORDER BY address`.execute(getDb().db);
    const byAddress = new Map(rows.rows.map((r) => [r.address, r]));
    expect(byAddress.get(p.proxy)).toMatchObject({ kind: 'eip1967', implementation: p.implementations[1] });
    expect(byAddress.get(p.clone)).toMatchObject({ kind: 'eip1167', implementation: p.implementations[1] });
    expect(byAddress.get(kinds.beaconProxy)).toMatchObject({ kind: 'eip1967-beacon', beacon: kinds.beacon, implementation: kinds.target });
    expect(byAddress.get(kinds.uups)?.kind).toBe('eip1822');
    expect(byAddress.get(kinds.getter)?.kind).toBe('getter');
    expect(byAddress.has(kinds.beacon)).toBe(false);
    expect(byAddress.has(deployment.router)).toBe(false);
  });

  it('getsourcecode answers Proxy "1" and the Implementation as Etherscan does', async () => {
    const src = async (a: string) =>
      (
        await api.get<{ status: string; result: Array<{ Proxy: string; Implementation: string }> }>(
          `${apiPaths.etherscan()}?module=contract&action=getsourcecode&address=${a}`,
        )
      ).body;
    expect((await src(toRubyAddress(p.proxy))).result[0]).toMatchObject({ Proxy: '1', Implementation: p.implementations[1] });
    expect((await src(p.clone)).result[0]).toMatchObject({ Proxy: '1', Implementation: p.implementations[1] });
    expect((await src(deployment.router)).result[0]).toMatchObject({ Proxy: '0', Implementation: '' });
  });

  it('reads as proxy with the verified implementation ABI, the call sent to the proxy', async () => {
    const read = (address: string, fn: string, asProxy?: boolean) =>
      postJson<{ status: boolean; message?: string; result?: Array<{ name: string; type: string; value: unknown }> }>(
        api,
        apiPaths.readContract(),
        {
          address: toRubyAddress(address),
          function: fn,
          args: [],
          ...(asProxy === undefined ? {} : { asProxy }),
        },
      );
    const before = await read(p.proxy, 'count', true);
    expect(before.statusCode).toBe(404);
    expect(before.body.message).toBe(
      `The implementation ${toRubyAddress(p.implementations[1])} is not verified: its functions are unknown`,
    );

    const file = path.resolve('contracts/RubyCounterV2.sol');
    const verified = await postJson<{ status: boolean; message?: string }>(api, apiPaths.verifyContract(), {
      address: toRubyAddress(p.implementations[1]),
      contractName: 'RubyCounterV2',
      source: fs.readFileSync(file, 'utf8'),
      fileName: 'contracts/RubyCounterV2.sol',
      settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' },
    });
    expect(verified.statusCode, JSON.stringify(verified.body)).toBe(200);
    await indexNow(api);

    const info = (await detail(p.proxy)) as ProxyInfo;
    expect(info.implementationVerified).toBe(true);
    expect(info.implementationName).toBe('RubyCounterV2');
    expect((info.implementationAbi as Array<{ name?: string }>).map((f) => f.name)).toContain('add');

    const onChain = BigInt(
      await chain.rpc.call<string>('eth_call', [{ to: p.proxy, data: counter.encodeFunctionData('count') }, 'latest']),
    );
    expect(onChain).toBeGreaterThanOrEqual(6n); // increment, then add(5)
    const asProxy = await read(p.proxy, 'count', true);
    expect(asProxy.body.result).toEqual([{ name: '', type: 'uint256', value: onChain.toString() }]);
    expect((await read(p.proxy, 'version', true)).body.result?.[0]?.value).toBe('2');
    // The implementation's own storage is untouched: the call really went to the proxy.
    expect((await read(p.implementations[1], 'count')).body.result?.[0]?.value).toBe('0');
    // Not a proxy, or the proxy's own (unverified) ABI: clear 4xx errors.
    const notProxy = await read(deployment.router, 'count', true);
    expect(notProxy.statusCode).toBe(400);
    expect(notProxy.body.message).toBe(`The contract ${toRubyAddress(deployment.router)} is not a proxy`);
    expect((await read(p.proxy, 'count')).statusCode).toBe(404);
  }, 120_000);

  it('decodes input data: implementation ABI behind the proxy, standard token and DEX signatures, else null', async () => {
    const data = async (hash: string) => {
      const res = await api.get<TransactionDetailResponse>(apiPaths.txData(hash));
      expect(res.statusCode).toBe(200);
      return res.body.result;
    };
    const rows = await sql<{ hash: string; to_address: string | null; input: string; tx_type: number }>`
      SELECT hash, to_address, input, tx_type FROM transactions ORDER BY block_number, tx_index`.execute(getDb().db);
    const addTx = rows.rows.find((r) => r.to_address === p.proxy && r.input.startsWith(counter.getFunction('add')!.selector));
    expect(addTx).toBeDefined();
    expect((await data(addTx!.hash)).inputData).toEqual({
      function: 'add',
      signature: 'add(uint256)',
      selector: counter.getFunction('add')!.selector,
      source: 'implementation',
      args: [{ name: 'n', type: 'uint256', value: counter.decodeFunctionData('add', addTx!.input)[0].toString() }],
    });
    // Its events come from the proxy's address and decode with the implementation's verified ABI.
    const logs = await api.get<{ result: Array<{ decoded: { name: string; source: string } | null }> }>(apiPaths.txLogs(addTx!.hash));
    expect(logs.statusCode).toBe(200);
    expect(logs.body.result.map((l) => l.decoded && [l.decoded.name, l.decoded.source])).toContainEqual(['Counted', 'verified']);
    const transfer = rows.rows.find((r) => r.tx_type === 2 && r.input.startsWith('0xa9059cbb'));
    const t = (await data(transfer!.hash)).inputData;
    expect(t).toMatchObject({ function: 'transfer', signature: 'transfer(address,uint256)', source: 'standard' });
    expect(t?.args.map((a) => [a.name, a.type])).toEqual([
      ['_to', 'address'],
      ['_value', 'uint256'],
    ]);
    expect(String(t?.args[0]?.value)).toMatch(/^r[0-9a-fA-F]{40}$/);
    const swap = rows.rows.find((r) => r.to_address === deployment.router && r.input.startsWith('0x472b43f3'));
    const s = (await data(swap!.hash)).inputData;
    expect(s).toMatchObject({ function: 'swapExactTokensForTokens', source: 'standard' });
    const pathArg = s?.args.find((a) => a.name === 'path');
    expect(pathArg?.type).toBe('address[]');
    const tokenSet = deployment.tokens.map((x) => toRubyAddress(x.address));
    for (const a of pathArg?.value as string[]) expect(tokenSet).toContain(a);
    const coin = rows.rows.find((r) => r.input === '0x');
    expect((await data(coin!.hash)).inputData).toBeNull();
  });
});
