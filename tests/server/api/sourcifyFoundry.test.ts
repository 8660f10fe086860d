/**
 * Sourcify's v2 API under /api/sourcify/ as Foundry speaks it (issue #26): a Greeter deployed with
 * `forge create --broadcast`, then
 * - the request body foundry's crates/verify/src/sourcify.rs builds (SourcifyVerifyRequest:
 *   stdJsonInput from `forge verify-contract --show-standard-json-input`, compilerVersion with its
 *   build, contractIdentifier "path:Name"), POSTed as JSON to v2/verify/{chainId}/{checksummed
 *   address}; 202 with a verificationId; the job polled at v2/verify/{id} until isJobCompleted;
 * - `forge verify-contract --verifier sourcify --verifier-url <api>/sourcify/` itself;
 * then the lookup (minimal, fields=, omit=, 404) and Sourcify's errors (409, 404 job, wrong chain,
 * bad address, bad body). Skipped only where the linux-x64 binaries are absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbiCoder, getAddress } from 'ethers';
import type { SourcifyContract, SourcifyJobResponse } from '../../../common/api/sourcify';
import { apiPaths } from '../../../common/api/paths';
import { devWallet } from '../../helpers/devKeys';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { CAST, FORGE, SOLC_VERSION, writeForgeProject, type ForgeProject } from './etherscanFoundryProject';

const CHAIN_ID = 18215;
const present = fs.existsSync(FORGE) && fs.existsSync(CAST);
if (!present) console.warn(`sourcifyFoundry: skipped, forge binaries not found at ${FORGE} (they ship for linux-x64 only)`);

let chain: IndexedChain;
let project: ForgeProject;
const deployed: Array<{ address: string; greeting: string; start: number }> = [];

async function forgeCreate(greeting: string, start: number): Promise<string> {
  await chain.rpc.call('evm_setAutomine', [true]);
  try {
    const { stdout } = await project.forge([
      'create',
      'src/Greeter.sol:Greeter',
      '--rpc-url',
      chain.devnet.url,
      '--private-key',
      devWallet(5).privateKey,
      '--broadcast',
      '--constructor-args',
      greeting,
      String(start),
    ]);
    const m = /Deployed to: (0x[0-9a-fA-F]{40})/.exec(stdout);
    if (!m) throw new Error(`forge create printed no address:\n${stdout}`);
    return m[1]!.toLowerCase();
  } finally {
    await chain.rpc.call('evm_setAutomine', [false]);
  }
}

describe.skipIf(!present)("Foundry against Sourcify's v2 API", () => {
  beforeAll(async () => {
    chain = await startIndexedChain({ steps: 1 });
    project = await writeForgeProject(path.join(chain.dir, 'forge-sourcify'), CHAIN_ID);
    // No Etherscan key in foundry.toml: with one, forge verify-contract picks the Etherscan verifier.
    const toml = path.join(project.dir, 'foundry.toml');
    fs.writeFileSync(toml, fs.readFileSync(toml, 'utf8').split('[etherscan]')[0]!);
    for (const [greeting, start] of [
      ['hello sourcify', 3],
      ['hello forge sourcify', 5],
    ] as const) {
      deployed.push({ address: await forgeCreate(greeting, start), greeting, start });
    }
  }, 300_000);
  afterAll(() => chain?.stop());

  describeEachDatabase('forge sourcify request, poll, lookup and errors', (getDb) => {
    let api: TestApi;
    let origin: string;
    beforeAll(async () => {
      api = await chain.api(getDb());
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = api.app.server.address();
      origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    }, 300_000);
    afterAll(() => api?.close());

    const get = async <T>(p: string) => {
      const res = await fetch(origin + p);
      return { status: res.status, body: (await res.json()) as T };
    };
    const post = async <T>(p: string, body: unknown) => {
      const res = await fetch(origin + p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as T };
    };
    /** Polls as sourcify.rs's check does: until isJobCompleted. */
    const poll = async (id: string): Promise<SourcifyJobResponse> => {
      for (let i = 0; i < 120; i++) {
        const { status, body } = await get<SourcifyJobResponse>(apiPaths.sourcifyJob(id));
        expect(status).toBe(200);
        if (body.isJobCompleted) return body;
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error(`job ${id} did not complete`);
    };

    it("accepts the body Foundry's sourcify.rs sends, and its poll reads exact matches", async () => {
      const { address } = deployed[0]!;
      const checksummed = getAddress(address);
      // forge first looks the contract up: 404 with null levels when not verified.
      const before = await get<SourcifyContract>(apiPaths.sourcifyContract({ chainId: CHAIN_ID, address: checksummed }));
      expect(before).toEqual({
        status: 404,
        body: { match: null, creationMatch: null, runtimeMatch: null, chainId: String(CHAIN_ID), address: checksummed },
      });
      const { stdout } = await project.forge([
        'verify-contract',
        address,
        'src/Greeter.sol:Greeter',
        '--chain',
        String(CHAIN_ID),
        '--show-standard-json-input',
        '--compiler-version',
        SOLC_VERSION,
      ]);
      const stdJsonInput = JSON.parse(stdout) as Record<string, unknown>;
      // SourcifyVerifyRequest, camelCase, creationTransactionHash skipped when None.
      const submitted = await post<{ verificationId: string }>(apiPaths.sourcifyVerify({ chainId: CHAIN_ID, address: checksummed }), {
        stdJsonInput,
        compilerVersion: SOLC_VERSION,
        contractIdentifier: 'src/Greeter.sol:Greeter',
      });
      expect(submitted.status).toBe(202);
      expect(submitted.body.verificationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const job = await poll(submitted.body.verificationId);
      expect(job.error).toBeUndefined();
      expect(job).toMatchObject({
        isJobCompleted: true,
        verificationId: submitted.body.verificationId,
        contract: {
          match: 'exact_match',
          creationMatch: 'exact_match',
          runtimeMatch: 'exact_match',
          chainId: String(CHAIN_ID),
          address: checksummed,
        },
      });
      expect(Date.parse(job.jobFinishTime!)).toBeGreaterThanOrEqual(Date.parse(job.jobStartTime));
      expect(job.contract.verifiedAt).toBeTruthy();

      // Sent again: 409 already_verified in Sourcify's error shape.
      const again = await post<Record<string, string>>(apiPaths.sourcifyVerify({ chainId: CHAIN_ID, address: checksummed }), {
        stdJsonInput,
        compilerVersion: SOLC_VERSION,
        contractIdentifier: 'src/Greeter.sol:Greeter',
      });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ customCode: 'already_verified' });
      expect(again.body.errorId).toMatch(/^[0-9a-f-]{36}$/);

      const minimal = await get<SourcifyContract>(apiPaths.sourcifyContract({ chainId: CHAIN_ID, address }));
      expect(minimal.status).toBe(200);
      expect(Object.keys(minimal.body).sort()).toEqual(['address', 'chainId', 'creationMatch', 'match', 'runtimeMatch', 'verifiedAt']);

      const all = await get<SourcifyContract>(apiPaths.sourcifyContract({ chainId: CHAIN_ID, address }, { fields: 'all' }));
      const args = AbiCoder.defaultAbiCoder().encode(['string', 'uint256'], ['hello sourcify', 3]);
      expect(all.body.compilation).toMatchObject({
        language: 'Solidity',
        compiler: 'solc',
        name: 'Greeter',
        fullyQualifiedName: 'src/Greeter.sol:Greeter',
      });
      expect(Object.keys(all.body.sources ?? {}).sort()).toEqual(['src/Greeter.sol', 'src/Owned.sol']);
      expect(all.body.deployment).toMatchObject({ deployer: getAddress(devWallet(5).address) });
      expect(all.body.deployment?.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(all.body.creationBytecode?.onchainBytecode?.endsWith(args.slice(2))).toBe(true);
      expect(all.body.creationBytecode?.transformations).toContainEqual({
        type: 'insert',
        reason: 'constructorArguments',
        offset: (all.body.creationBytecode!.onchainBytecode!.length - args.length) / 2,
      });
      expect(all.body.creationBytecode?.transformationValues).toEqual({ constructorArguments: args });
      expect(all.body.runtimeBytecode?.onchainBytecode).toBe(all.body.runtimeBytecode?.recompiledBytecode);
      expect(Array.isArray(all.body.abi)).toBe(true);

      const some = await get<SourcifyContract>(
        apiPaths.sourcifyContract({ chainId: CHAIN_ID, address }, { fields: 'abi,deployment.transactionHash' }),
      );
      expect(Object.keys(some.body).sort()).toEqual([
        'abi',
        'address',
        'chainId',
        'creationMatch',
        'deployment',
        'match',
        'runtimeMatch',
        'verifiedAt',
      ]);
      expect(Object.keys(some.body.deployment ?? {})).toEqual(['transactionHash']);
      const omitted = await get<SourcifyContract>(
        apiPaths.sourcifyContract({ chainId: CHAIN_ID, address }, { omit: 'creationBytecode,runtimeBytecode,stdJsonInput,sources' }),
      );
      expect(Object.keys(omitted.body).sort()).toEqual([
        'abi',
        'address',
        'chainId',
        'compilation',
        'creationMatch',
        'deployment',
        'match',
        'runtimeMatch',
        'verifiedAt',
      ]);
    }, 180_000);

    it('forge verify-contract --verifier sourcify succeeds against the product, and says so when verified', async () => {
      const { address } = deployed[1]!;
      const args = [
        '--chain',
        String(CHAIN_ID),
        '--compiler-version',
        SOLC_VERSION,
        '--verifier',
        'sourcify',
        '--verifier-url',
        origin + apiPaths.sourcifyJob('-').slice(0, -'v2/verify/-'.length),
      ];
      const { stdout, stderr } = await project.forge([
        'verify-contract',
        address,
        'src/Greeter.sol:Greeter',
        ...args,
        '--watch',
        '--retries',
        '10',
        '--delay',
        '1',
      ]);
      expect(stdout + stderr).toContain('Contract successfully verified');
      expect(stdout + stderr).toContain('exact_match');
      const again = await project.forge(['verify-contract', address, 'src/Greeter.sol:Greeter', ...args]);
      expect(again.stdout + again.stderr).toContain('is already verified');
      const stored = await get<SourcifyContract>(apiPaths.sourcifyContract({ chainId: CHAIN_ID, address }, { fields: 'deployment' }));
      expect(stored.body).toMatchObject({ creationMatch: 'exact_match', runtimeMatch: 'exact_match' });
    }, 180_000);

    it("answers bad requests in Sourcify's error shape", async () => {
      const { address } = deployed[0]!;
      const wrongChain = await post<Record<string, string>>(apiPaths.sourcifyVerify({ chainId: 1, address }), {});
      expect(wrongChain.status).toBe(404);
      expect(wrongChain.body).toMatchObject({
        customCode: 'unsupported_chain',
        message: `Chain 1 not found: this explorer verifies contracts of chain ${CHAIN_ID} only`,
      });
      const lookupWrongChain = await get<Record<string, string>>(apiPaths.sourcifyContract({ chainId: 5, address }));
      expect(lookupWrongChain.status).toBe(404);
      expect(lookupWrongChain.body.customCode).toBe('unsupported_chain');
      const badAddress = await get<Record<string, string>>(apiPaths.sourcifyContract({ chainId: CHAIN_ID, address: '0x1234' }));
      expect(badAddress).toMatchObject({ status: 400, body: { customCode: 'invalid_parameter', message: 'Invalid address: 0x1234' } });
      const noInput = await post<Record<string, string>>(apiPaths.sourcifyVerify({ chainId: CHAIN_ID, address }), {
        compilerVersion: SOLC_VERSION,
        contractIdentifier: 'src/Greeter.sol:Greeter',
      });
      expect(noInput).toMatchObject({
        status: 400,
        body: { customCode: 'invalid_parameter', message: 'Standard JSON input is required.' },
      });
      const noJob = await get<Record<string, string>>(apiPaths.sourcifyJob('00000000-0000-4000-8000-000000000000'));
      expect(noJob).toMatchObject({ status: 404, body: { customCode: 'job_not_found' } });
      const bothSelectors = await get<Record<string, string>>(
        apiPaths.sourcifyContract({ chainId: CHAIN_ID, address }, { fields: 'abi', omit: 'sources' }),
      );
      expect(bothSelectors).toMatchObject({
        status: 400,
        body: { customCode: 'invalid_parameter', message: 'Cannot specify both fields and omit' },
      });
      const unknownField = await get<Record<string, string>>(
        apiPaths.sourcifyContract({ chainId: CHAIN_ID, address }, { fields: 'bogus' }),
      );
      expect(unknownField).toMatchObject({ status: 400, body: { message: 'Field selector bogus is not a valid field' } });
      const noContract = getAddress(devWallet(7).address);
      const notDeployed = await post<{ verificationId: string }>(apiPaths.sourcifyVerify({ chainId: CHAIN_ID, address: noContract }), {
        stdJsonInput: { language: 'Solidity', sources: { 'A.sol': { content: 'contract A {}' } } },
        compilerVersion: SOLC_VERSION,
        contractIdentifier: 'A.sol:A',
      });
      expect(notDeployed.status).toBe(202);
      const failed = await poll(notDeployed.body.verificationId);
      expect(failed.contract).toMatchObject({ match: null, creationMatch: null, runtimeMatch: null });
      expect(failed.error).toMatchObject({ customCode: 'contract_not_deployed' });
    }, 120_000);
  });
});
