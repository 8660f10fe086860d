/**
 * Verifying contracts deployed outside the explorer (POST /api/verifyContract and the
 * Etherscan-style /api?module=contract form), reading their view functions (POST /api/readContract).
 * The contracts are indexed first and verified after: the other order of deploy.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AbiCoder, Interface, type Wallet } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import type { ContractListResponse } from '../../../common/api/tokens';
import { compileSolidity, standardInput, type Artifact } from '../../../server/chain/compile';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { deployRaw, fundedKey, indexNow, postForm, postJson, readSol } from './deployFixture';
import { apiPaths } from '../../../common/api/paths';

const SETTINGS = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' };
let chain: IndexedChain;
let wallet: Wallet;
let counter: Artifact;
let gold: Artifact;
let solcVersion: string;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 2 });
  await chain.rpc.call('evm_setAutomine', [true]);
  wallet = await fundedKey(chain.rpc, 1000n);
  const c = await compileSolidity({ 'Counter.sol': readSol('Counter.sol') }, SETTINGS);
  const g = await compileSolidity({ 'GoldToken.sol': readSol('GoldToken.sol') }, SETTINGS);
  counter = c.artifacts.find((a) => a.contractName === 'Counter')!;
  gold = g.artifacts.find((a) => a.contractName === 'GoldToken')!;
  solcVersion = c.compilerVersion;
}, 120_000);
afterAll(() => chain?.stop());

const goldArgs = AbiCoder.defaultAbiCoder().encode(['string', 'string', 'uint256'], ['Outside Gold', 'OG', 5n * 10n ** 18n]);

describeEachDatabase('verify API', (getDb) => {
  let api: TestApi;
  let counterAt: string;
  let goldAt: string;
  beforeAll(async () => {
    api = await chain.api(getDb());
    counterAt = await deployRaw(chain.rpc, wallet, counter.bytecode);
    goldAt = await deployRaw(chain.rpc, wallet, gold.bytecode + goldArgs.slice(2));
    await indexNow(api);
  }, 60_000);
  afterAll(() => api?.close());

  const verify = (address: string, source: string, extra: Record<string, unknown> = {}) =>
    postJson<{ status: boolean; message?: string; result?: { match: string; contractName: string; address: string } }>(
      api,
      apiPaths.verifyContract(),
      {
        address: toRubyAddress(address),
        contractName: 'Counter',
        source,
        fileName: 'Counter.sol',
        settings: SETTINGS,
        ...extra,
      },
    );

  it('refuses a wrong source, then verifies the right one (index first, verify after)', async () => {
    const before = await api.get<ContractListResponse>(apiPaths.contracts());
    expect(before.body.result.find((r) => r.contract_address === toRubyAddress(counterAt))?.verified).toBe(false);

    const wrong = await verify(counterAt, readSol('Counter.sol').replace('count += 1;', 'count += 2;'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.message).toMatch(/^Bytecode mismatch: the compiled runtime code of Counter does not match the code deployed at r/);
    const unoptimized = await verify(counterAt, readSol('Counter.sol'), {
      settings: { optimizer: { enabled: false, runs: 200 }, evmVersion: 'cancun' },
    });
    expect(unoptimized.statusCode).toBe(400);
    const wrongCompiler = await verify(counterAt, readSol('Counter.sol'), { compilerVersion: 'v0.8.19+commit.7dd6d404' });
    expect(wrongCompiler.statusCode).toBe(400);
    // Other releases are obtained on demand (tests/server/verify/); this test's API may not download any.
    expect(wrongCompiler.body.message).toBe(
      'Compiler v0.8.19+commit.7dd6d404 is not available: not asked for the binaries list (SOLC_BINARIES_URL=off); ' +
        'not asked for the npm registry (SOLC_NPM_REGISTRY=off)',
    );
    const noCode = await verify(`0x${'12'.repeat(20)}`, readSol('Counter.sol'));
    expect(noCode.statusCode).toBe(400);
    expect(noCode.body.message).toMatch(/^Unable to locate ContractCode at r1212/);

    // A changed comment changes only the metadata hash: still the same program (a partial match).
    const partial = await verify(counterAt, readSol('Counter.sol').replace('A small DApp', 'A tiny DApp'));
    expect(partial.statusCode, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.result?.match).toBe('partial');
    const full = await verify(counterAt, readSol('Counter.sol'));
    expect(full.statusCode, JSON.stringify(full.body)).toBe(200);
    expect(full.body.result).toMatchObject({ match: 'full', contractName: 'Counter', address: toRubyAddress(counterAt) });

    await indexNow(api);
    const after = await api.get<ContractListResponse>(apiPaths.contracts());
    expect(after.body.result.find((r) => r.contract_address === toRubyAddress(counterAt))).toMatchObject({
      verified: true,
      contractname: 'Counter',
    });
  }, 60_000);

  it('reads view functions of a verified contract with typed arguments', async () => {
    const read = (fn: string, args: unknown[] = [], address = counterAt) =>
      postJson<{ status: boolean; message?: string; result?: Array<{ name: string; type: string; value: unknown }> }>(
        api,
        apiPaths.readContract(),
        { address: toRubyAddress(address), function: fn, args },
      );
    expect((await read('count')).body.result).toEqual([{ name: '', type: 'uint256', value: '0' }]);
    expect((await read('double(uint256)', ['21'])).body.result?.[0]?.value).toBe('42');
    expect((await read('label')).body.result?.[0]?.value).toBe('ruby counter');
    expect((await read('isOwner', [toRubyAddress(wallet.address)])).body.result?.[0]?.value).toBe(true);
    expect((await read('owner')).body.result?.[0]?.value).toBe(toRubyAddress(wallet.address));
    expect((await read('isOwner', ['nobody'])).body).toEqual({
      status: false,
      message: 'Argument 1 (who): an address is r or 0x followed by 40 hex digits',
    });
    expect((await read('double', ['-1'])).statusCode).toBe(400);
    // Digits that do not fit the type: the ABI coder refuses them, and that is a 400 too.
    const tooBig = await read('double', [(2n ** 256n).toString()]);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body.message).toMatch(/^The arguments do not fit double\(uint256\)/);
    expect((await read('increment')).body.message).toBe('increment() changes state: only view and pure functions can be read');
    expect((await read('nothing')).body.message).toBe('The contract has no function "nothing"');
    const unverified = await read('count', [], goldAt);
    expect(unverified.statusCode).toBe(404);
  }, 30_000);

  it('speaks the Etherscan contract API: verifysourcecode (standard JSON), checkverifystatus, getabi, getsourcecode', async () => {
    const base = apiPaths.etherscan({ module: 'contract', chainid: '18215', apikey: 'any' });
    const unverifiedAbi = await api.get(`${base}&action=getabi&address=${goldAt}`);
    expect(unverifiedAbi.body).toEqual({ status: '0', message: 'NOTOK', result: 'Contract source code not verified' });
    const unverifiedSrc = await api.get<{ status: string; result: Array<{ SourceCode: string; ABI: string }> }>(
      `${base}&action=getsourcecode&address=${goldAt}`,
    );
    expect(unverifiedSrc.body.status).toBe('1');
    expect(unverifiedSrc.body.result[0]).toMatchObject({ SourceCode: '', ABI: 'Contract source code not verified' });

    const input = standardInput({ 'contracts/GoldToken.sol': readSol('GoldToken.sol') }, SETTINGS);
    const form = {
      contractaddress: goldAt,
      sourceCode: JSON.stringify(input),
      codeformat: 'solidity-standard-json-input',
      contractname: 'contracts/GoldToken.sol:GoldToken',
      compilerversion: `v${solcVersion.replace(/\.Emscripten.*$/, '')}`,
      constructorArguements: goldArgs.slice(2),
    };
    // A wrong contract name fails the job (and stores nothing).
    const bad = await postForm<{ status: string; result: string }>(api, `${base}&action=verifysourcecode`, {
      ...form,
      contractname: 'contracts/GoldToken.sol:Silver',
    });
    expect(bad.body.status).toBe('1');
    const badStatus = await api.get(`${base}&action=checkverifystatus&guid=${bad.body.result}`);
    expect(badStatus.body).toMatchObject({ status: '0', message: 'NOTOK' });
    expect(String(badStatus.body.result)).toMatch(/^Fail - Unable to verify\. No contract named "Silver"/);
    // Wrong constructor arguments (issue #38, defect 6): our precise message, then Etherscan's sentence, which
    // hardhat-verify matches ("correct constructor argument", any case) to take the failure as final.
    const wrongArgs = AbiCoder.defaultAbiCoder().encode(['string', 'string', 'uint256'], ['Outside Gold', 'OG', 6n * 10n ** 18n]);
    const badArgs = await postForm<{ status: string; result: string }>(api, `${base}&action=verifysourcecode`, {
      ...form,
      constructorArguements: wrongArgs.slice(2),
    });
    const badArgsStatus = await api.get(`${base}&action=checkverifystatus&guid=${badArgs.body.result}`);
    expect(badArgsStatus.body).toMatchObject({ status: '0', message: 'NOTOK' });
    const argsMessage = String(badArgsStatus.body.result);
    expect(argsMessage).toMatch(/^Fail - Unable to verify\. Constructor arguments differ from the chain's: argument 3 \(/);
    expect(argsMessage).toMatch(/\. Please check if the correct constructor arguments were entered\.$/);
    expect(argsMessage.toLowerCase()).toContain('correct constructor argument');
    // Other refusals keep their own message alone (hardhat-verify retries those with the full input).
    expect(String(badStatus.body.result)).not.toContain('correct constructor argument');

    const sent = await postForm<{ status: string; message: string; result: string }>(api, `${base}&action=verifysourcecode`, form);
    expect(sent.body).toMatchObject({ status: '1', message: 'OK' });
    expect(sent.body.result).toMatch(/^[0-9a-f]{50}$/);
    expect((await api.get(`${base}&action=checkverifystatus&guid=${sent.body.result}`)).body).toEqual({
      status: '1',
      message: 'OK',
      result: 'Pass - Verified',
    });
    expect((await api.get(`${base}&action=checkverifystatus&guid=nope`)).body).toEqual({
      status: '0',
      message: 'NOTOK',
      result: 'Unknown UID',
    });
    const again = await postForm(api, `${base}&action=verifysourcecode`, form);
    expect(again.body).toEqual({ status: '0', message: 'NOTOK', result: 'Contract source code already verified' });

    const abi = await api.get<{ status: string; result: string }>(`${base}&action=getabi&address=${toRubyAddress(goldAt)}`);
    expect(abi.body.status).toBe('1');
    expect(new Interface(JSON.parse(abi.body.result) as string[]).getFunction('transfer')).not.toBeNull();
    const src = await api.get<{ status: string; result: Array<Record<string, string>> }>(`${base}&action=getsourcecode&address=${goldAt}`);
    expect(src.body.result[0]).toMatchObject({
      ContractName: 'GoldToken',
      CompilerVersion: form.compilerversion,
      OptimizationUsed: '1',
      Runs: '200',
      ConstructorArguments: goldArgs.slice(2),
      EVMVersion: 'cancun',
      LicenseType: '',
      Proxy: '0',
    });
    expect(JSON.parse(src.body.result[0]!.SourceCode!.slice(1, -1))).toEqual(input);

    await indexNow(api);
    const tokens = await api.get<ContractListResponse>(apiPaths.tokens());
    expect(tokens.body.result.find((r) => r.contract_address === toRubyAddress(goldAt))?.verified).toBe(true);
  }, 60_000);

  it('keeps /api without a module an unknown route, and answers bad Etherscan calls in their shape', async () => {
    for (const url of [apiPaths.etherscan(), '/api/', apiPaths.etherscan({ foo: '1' })]) {
      const res = await api.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ status: false });
    }
    expect((await api.get(apiPaths.etherscan({ module: 'nope', action: 'balance' }))).body).toEqual({
      status: '0',
      message: 'NOTOK',
      result: 'Error! Missing Or invalid Module name',
    });
    expect((await api.get(apiPaths.etherscan({ module: 'contract', action: 'nope' }))).body).toEqual({
      status: '0',
      message: 'NOTOK',
      result: 'Error! Missing Or invalid Action name',
    });
    expect((await api.get(apiPaths.etherscan({ module: 'contract', action: 'getabi', address: 'xyz' }))).body).toEqual({
      status: '0',
      message: 'NOTOK',
      result: 'Invalid Address format',
    });
    expect((await api.get(apiPaths.etherscan({ module: 'contract', action: 'verifysourcecode' }))).body.status).toBe('0');
  });

  it("opens Sourcify's repository UI link (what Hardhat prints) on the verified contract's code; says why for another chain or an unverified contract", async () => {
    // Gold was verified by the Etherscan test above.
    const repoUi = (chainId: string, address: string) =>
      api.app.inject({ method: 'GET', url: apiPaths.sourcifyRepoUi({ chainId, address }) });
    const found = await repoUi('18215', goldAt);
    expect(found.statusCode).toBe(302);
    expect(found.headers.location).toBe(`/contractDetail/${toRubyAddress(goldAt)}?tab=contract`);
    expect((await repoUi('18215', toRubyAddress(goldAt).toLowerCase())).headers.location).toBe(found.headers.location);
    const unverified = await repoUi('18215', `0x${'12'.repeat(20)}`);
    expect(unverified.statusCode).toBe(404);
    expect(unverified.json()).toMatchObject({
      customCode: 'contract_not_verified',
      message: expect.stringMatching(/is not verified on chain 18215/),
    });
    const otherChain = await repoUi('1', goldAt);
    expect(otherChain.statusCode).toBe(404);
    expect(otherChain.json()).toMatchObject({ customCode: 'unsupported_chain', message: expect.stringMatching(/chain 18215 only/) });
    expect((await repoUi('18215', 'nope')).statusCode).toBe(400);
  });
});
