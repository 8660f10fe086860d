/**
 * Verifying contracts built with other solc releases than the bundled one (issue #26): the
 * requested compiler is obtained on demand from an npm registry / binaries list (served on loopback
 * with the real 0.6.12, 0.7.6 and 0.8.20 releases, so the test runs offline), checked, cached, and
 * the contract verifies through both the explorer's and the Etherscan-style form.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AbiCoder, type Wallet } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import { standardInput } from '../../../server/chain/compile';
import { CompilerPool } from '../../../server/chain/compileWorker';
import { SolcStore } from '../../../server/verify/solcStore';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { OFFLINE_SOLC, startSolcSources, type OfflineVersion, type SolcSources } from '../../helpers/solcSources';
import { deployRaw, fundedKey, indexNow, postForm, postJson } from '../api/deployFixture';
import { apiPaths } from '../../../common/api/paths';

const BOX = `// SPDX-License-Identifier: MIT
pragma solidity >=0.6.0 <0.9.0;
contract Box {
    uint256 public value;
    string public label;
    constructor(uint256 v, string memory l) public { value = v; label = l; }
    function set(uint256 v) external { value = v; }
}
`;
const SETTINGS = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'istanbul' };
const VERSIONS = Object.keys(OFFLINE_SOLC) as OfflineVersion[];
const args = (n: number) => AbiCoder.defaultAbiCoder().encode(['uint256', 'string'], [n, `box ${n}`]);

let chain: IndexedChain;
let wallet: Wallet;
let sources: SolcSources;
/** Box's creation code per release, compiled with the release itself (as a real toolchain would). */
const creation = new Map<OfflineVersion, string>();

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
  await chain.rpc.call('evm_setAutomine', [true]);
  wallet = await fundedKey(chain.rpc, 100n);
  sources = await startSolcSources({ binaries: ['0.6.12'], npm: ['0.7.6', '0.8.20'] });
  // The deployer's own toolchain: the releases straight from node_modules, in a separate cache.
  const own = new SolcStore({
    dir: await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-own-solc-')),
    binariesUrl: sources.binariesUrl,
    npmRegistry: sources.npmRegistry,
  });
  const pool = new CompilerPool();
  try {
    for (const v of VERSIONS) {
      const { file } = await own.obtain({ version: v, commit: null });
      const out = await pool.compile(standardInput({ 'Box.sol': BOX }, SETTINGS), 60_000, file);
      creation.set(v, out.artifacts.find((a) => a.contractName === 'Box')!.bytecode);
    }
  } finally {
    await pool.close();
  }
}, 240_000);
afterAll(async () => {
  await sources?.close();
  await chain?.stop();
});

describeEachDatabase('verification with any solc release', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb(), { verify: { solcBinariesUrl: sources.binariesUrl, solcNpmRegistry: sources.npmRegistry } });
  }, 60_000);
  afterAll(() => api?.close());

  it.each(VERSIONS)(
    'verifies a contract compiled with solc %s (POST /api/verifyContract)',
    async (v) => {
      const at = await deployRaw(chain.rpc, wallet, creation.get(v)! + args(42).slice(2));
      // The creation code is read from what the indexer recorded.
      await indexNow(api);
      const res = await postJson<{ status: boolean; message?: string; result?: { match: string; compilerVersion: string } }>(
        api,
        apiPaths.verifyContract(),
        {
          address: toRubyAddress(at),
          contractName: 'Box',
          source: BOX,
          fileName: 'Box.sol',
          settings: SETTINGS,
          compilerVersion: `v${OFFLINE_SOLC[v]}`,
        },
      );
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      expect(res.body.result).toMatchObject({
        match: 'full',
        compilerVersion: `v${OFFLINE_SOLC[v]}`,
        creationMatch: 'exact_match',
        runtimeMatch: 'exact_match',
        constructorArguments: [
          { name: 'v', type: 'uint256', value: '42' },
          { name: 'l', type: 'string', value: 'box 42' },
        ],
      });
    },
    120_000,
  );

  it('verifies through the Etherscan-style form with a bare version, and refuses a commit that is not the release', async () => {
    const at = await deployRaw(chain.rpc, wallet, creation.get('0.7.6')! + args(7).slice(2));
    await indexNow(api);
    const base = apiPaths.etherscan({ module: 'contract', chainid: 18215, apikey: 'any' });
    const form = {
      contractaddress: at,
      sourceCode: JSON.stringify(standardInput({ 'Box.sol': BOX }, SETTINGS)),
      codeformat: 'solidity-standard-json-input',
      contractname: 'Box.sol:Box',
      constructorArguements: args(7).slice(2),
    };
    const wrong = await postForm<{ status: string; result: string }>(api, `${base}&action=verifysourcecode`, {
      ...form,
      compilerversion: 'v0.7.6+commit.deadbeef',
    });
    const wrongStatus = await api.get<{ status: string; result: string }>(`${base}&action=checkverifystatus&guid=${wrong.body.result}`);
    expect(wrongStatus.body.status).toBe('0');
    expect(wrongStatus.body.result).toMatch(
      /Compiler v0\.7\.6\+commit\.deadbeef is not available: the compiler obtained for it reports v0\.7\.6\+commit\.7338295f/,
    );
    const sent = await postForm<{ status: string; result: string }>(api, `${base}&action=verifysourcecode`, {
      ...form,
      compilerversion: '0.7.6',
    });
    expect(sent.body.status, JSON.stringify(sent.body)).toBe('1');
    expect((await api.get(`${base}&action=checkverifystatus&guid=${sent.body.result}`)).body).toEqual({
      status: '1',
      message: 'OK',
      result: 'Pass - Verified',
    });
    const src = await api.get<{ result: Array<Record<string, string>> }>(`${base}&action=getsourcecode&address=${at}`);
    expect(src.body.result[0]).toMatchObject({
      ContractName: 'Box',
      CompilerVersion: 'v0.7.6+commit.7338295f',
      EVMVersion: 'istanbul',
      ConstructorArguments: args(7).slice(2),
    });
  }, 120_000);

  it('says which compiler cannot be obtained and why', async () => {
    const at = await deployRaw(chain.rpc, wallet, creation.get('0.8.20')! + args(1).slice(2));
    await indexNow(api);
    const res = await postJson<{ status: boolean; message: string }>(api, apiPaths.verifyContract(), {
      address: toRubyAddress(at),
      contractName: 'Box',
      source: BOX,
      fileName: 'Box.sol',
      settings: SETTINGS,
      compilerVersion: 'v0.5.17+commit.d19bba13',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toMatch(
      /^Compiler v0\.5\.17\+commit\.d19bba13 is not available: .*list\.json has no release v0\.5\.17\+commit\.d19bba13; .*\/npm\/solc\/0\.5\.17 answered HTTP 404$/,
    );
    const junk = await postJson<{ status: boolean; message: string }>(api, apiPaths.verifyContract(), {
      address: toRubyAddress(at),
      contractName: 'Box',
      source: BOX,
      fileName: 'Box.sol',
      settings: SETTINGS,
      compilerVersion: 'latest',
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.body.message).toMatch(/^Invalid compiler version "latest"/);
  }, 60_000);
});
