/**
 * Blockscout's REST API v2, the smart-contracts resource, on the devnet: a sample token verified
 * through our Etherscan-style API is answered by /api/v2/smart-contracts/{address} in the shape
 * of Blockscout's published OpenAPI (tests/fixtures/blockscout/), and an unmodified client reads
 * it: whatsabi's BlockscoutABILoader returns the verified ABI and source.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loaders } from '@shazow/whatsabi';
import { toChecksumHexAddress } from '../../../common/address';
import { API_PREFIX, apiPaths } from '../../../common/api/paths';
import { readProjectSources, standardInput } from '../../../server/chain/compile';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { openDatabase, type Database } from '../../../server/db/database';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { expectBlockscout } from '../../helpers/blockscoutV2';

let chain: IndexedChain;
let deployment: Deployment;
let database: Database;
let api: TestApi;
let base: string;
let token: string;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 2 });
  deployment = await chain.traffic.setup();
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  api = await chain.api(database);
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = api.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  token = deployment.tokens[0]!.address.toLowerCase();
  // Verified as Hardhat's verify does it: one standard JSON input over the Etherscan-style API.
  const post = async (fields: Record<string, string>) =>
    (await api.app.inject({ method: 'POST', url: apiPaths.etherscan(), payload: fields })).json() as { status: string; result: string };
  const sourceCode = JSON.stringify(standardInput(await readProjectSources()));
  // A loaded machine may stop a compilation for time (as trafficVerify.test.ts): tried again, within 10 minutes.
  const deadline = Date.now() + 600_000;
  for (;;) {
    const sent = await post({
      module: 'contract',
      action: 'verifysourcecode',
      contractaddress: token,
      contractname: 'contracts/RubyToken.sol:RubyToken',
      codeformat: 'solidity-standard-json-input',
      sourceCode,
    });
    const check = sent.status === '1' ? await post({ module: 'contract', action: 'checkverifystatus', guid: sent.result }) : sent;
    if (check.status === '1') break;
    if (!/took longer|busy|try again|too many/i.test(check.result) || Date.now() > deadline) throw new Error(check.result);
    await new Promise((r) => setTimeout(r, 1000));
  }
}, 900_000);
afterAll(async () => {
  await api?.close();
  await database?.close();
  await chain?.stop();
});

it("whatsabi's BlockscoutABILoader, unmodified, reads the verified ABI and source", async () => {
  const loader = new loaders.BlockscoutABILoader({ baseURL: `${base}${API_PREFIX}` });
  const result = await loader.getContract(toChecksumHexAddress(token));
  expect(result.ok).toBe(true);
  expect(result.name).toBe('RubyToken');
  expect(result.compilerVersion).toMatch(/^v0\.8\.\d+\+commit\.[0-9a-f]{8}$/);
  const names = result.abi.flatMap((f) => ('name' in f && f.name ? [f.name] : []));
  expect(names).toEqual(expect.arrayContaining(['transfer', 'balanceOf', 'Transfer']));
  const sources = await result.getSources!();
  expect(sources[0]?.path).toBe('contracts/RubyToken.sol');
  expect(sources[0]?.content).toBe((await readProjectSources())['contracts/RubyToken.sol']);
  expect(await loader.loadABI(token)).toEqual(result.abi);
});

it("answers one contract and the verified list in Blockscout's schemas, with the node's code", async () => {
  const one = await api.get(apiPaths.bsSmartContract(toChecksumHexAddress(token)));
  expectBlockscout('bsSmartContract', one);
  expect(one.body).toMatchObject({ is_verified: true, name: 'RubyToken', file_path: 'contracts/RubyToken.sol', language: 'solidity' });
  expect(one.body.deployed_bytecode).toBe(await chain.rpc.call('eth_getCode', [token, 'latest']));
  expect((one.body.address as { hash: string }).hash).toBe(toChecksumHexAddress(token));

  // A contract not verified: its code, no source.
  const other = await api.get(apiPaths.bsSmartContract(deployment.router));
  expectBlockscout('bsSmartContract', other);
  expect(other.body).toMatchObject({ is_verified: false });
  expect(other.body.source_code).toBeUndefined();

  const list = await api.get<{ items: Array<{ address: { hash: string } }>; next_page_params: unknown }>(apiPaths.bsSmartContracts());
  expectBlockscout('bsSmartContracts', list);
  expect(list.body.items.map((i) => i.address.hash)).toEqual([toChecksumHexAddress(token)]);
  expect(list.body.next_page_params).toBeNull();
  expect((await api.get(apiPaths.bsSmartContractsSlash())).body).toEqual(list.body);
});

it("answers bad input in Blockscout's words: 422 for a malformed address, 404 for no contract", async () => {
  const bad = await api.get(apiPaths.bsSmartContract('0x12'));
  // The swagger documents no 422 for this path: the address path's error schema is the same answer.
  expectBlockscout('bsAddress', bad, 422);
  const none = await api.get(apiPaths.bsSmartContract(deployment.deployer));
  expect(none.statusCode).toBe(404);
  expect(none.body).toEqual({ message: 'Not found' });
  const page = await api.get(apiPaths.bsSmartContracts({ items_count: 'x' }));
  expect(page.statusCode).toBe(422);
});
