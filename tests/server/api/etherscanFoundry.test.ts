/**
 * Foundry's own binaries (forge and cast 1.7.1 from npm) against the Etherscan-style API: a
 * contract deployed with `forge create --broadcast` on the devnet, then verified two ways:
 * - the form forge sends (`forge verify-contract --show-standard-json-input` for the source, the
 *   fields named and spelled as foundry-block-explorers' `VerifyContract` serializes them, posted
 *   as a form; `checkverifystatus` polled by POST with `guid`, as forge's `check` does);
 * - `forge verify-contract --watch` itself, and `forge verify-check` on its guid;
 * then `cast source` and `cast interface` read them back.
 * Skipped only where the linux-x64 binaries are absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbiCoder } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import type { TransactionLogsResponse } from '../../../common/api/logs';
import { devWallet } from '../../helpers/devKeys';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { CAST, FORGE, SOLC_VERSION, writeForgeProject, type ForgeProject } from './etherscanFoundryProject';
import { apiPaths } from '../../../common/api/paths';

const CHAIN_ID = 18215;
const present = fs.existsSync(FORGE) && fs.existsSync(CAST);
if (!present) console.warn(`etherscanFoundry: skipped, forge/cast binaries not found at ${FORGE} (they ship for linux-x64 only)`);

let chain: IndexedChain;
let project: ForgeProject;
/** Two Greeters: one verified by the hand-sent form, one by forge verify-contract itself. */
const deployed: Array<{ address: string; args: string }> = [];

async function forgeCreate(greeting: string, start: number): Promise<string> {
  // The test devnet mines on demand; forge waits for the receipt, so mine while it runs.
  await chain.rpc.call('evm_setAutomine', [true]);
  try {
    const { stdout } = await project.forge([
      'create',
      'src/Greeter.sol:Greeter',
      '--rpc-url',
      chain.devnet.url,
      '--private-key',
      devWallet(3).privateKey,
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

describe.skipIf(!present)('Foundry (forge, cast) against the Etherscan-style API', () => {
  beforeAll(async () => {
    chain = await startIndexedChain({ steps: 2 });
    project = await writeForgeProject(path.join(chain.dir, 'forge'), CHAIN_ID);
    for (const [greeting, start] of [
      ['hello ruby', 7],
      ['hello forge', 11],
    ] as const) {
      const address = await forgeCreate(greeting, start);
      deployed.push({ address, args: AbiCoder.defaultAbiCoder().encode(['string', 'uint256'], [greeting, start]) });
    }
  }, 300_000);
  afterAll(() => chain?.stop());

  describeEachDatabase('forge verify and cast source / interface', (getDb) => {
    let api: TestApi;
    let apiUrl: string;
    beforeAll(async () => {
      api = await chain.api(getDb());
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = api.app.server.address();
      apiUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api`;
      await project.setExplorer(apiUrl);
    }, 300_000);
    afterAll(() => api?.close());

    /** POST a form to /api as reqwest's `.form()` does (application/x-www-form-urlencoded). */
    const postForm = async (fields: Array<[string, string]>) => {
      const res = await fetch(apiUrl, { method: 'POST', body: new URLSearchParams(fields) });
      expect(res.status).toBe(200);
      return (await res.json()) as { status: string; message: string; result: string };
    };

    it('accepts the verification form forge sends and answers its status poll', async () => {
      const { address, args } = deployed[0]!;
      const { stdout: input } = await project.forge([
        'verify-contract',
        address,
        'src/Greeter.sol:Greeter',
        '--chain',
        String(CHAIN_ID),
        '--show-standard-json-input',
        '--constructor-args',
        args,
        '--compiler-version',
        SOLC_VERSION,
      ]);
      const parsed = JSON.parse(input) as { sources: Record<string, unknown> };
      expect(Object.keys(parsed.sources).sort()).toEqual(['src/Greeter.sol', 'src/Owned.sol']);
      // forge first asks getabi; an unverified contract must read as Etherscan's "not verified".
      const abi = (await (await fetch(`${apiUrl}?apikey=k&module=contract&action=getabi&address=${address}`)).json()) as Record<
        string,
        unknown
      >;
      expect(abi).toEqual({ status: '0', message: 'NOTOK', result: 'Contract source code not verified' });
      // Field names, spelling and order as VerifyContract serializes (foundry-block-explorers
      // verify.rs), after Query's apikey/module/action; optimizationUsed/runs only for single files.
      const bare = args.replace(/^0x/, '');
      const submitted = await postForm([
        ['apikey', 'forge-test-key'],
        ['module', 'contract'],
        ['action', 'verifysourcecode'],
        ['contractaddress', address],
        ['sourceCode', input.trim()],
        ['codeformat', 'solidity-standard-json-input'],
        ['contractname', 'src/Greeter.sol:Greeter'],
        ['compilerversion', `v${SOLC_VERSION}`],
        ['constructorArguements', bare],
        ['constructorArguments', bare],
        ['licenseType', 'MIT'],
      ]);
      expect(submitted).toMatchObject({ status: '1', message: 'OK' });
      expect(submitted.result).toMatch(/^\S{20,100}$/);
      let status = { status: '0', message: '', result: 'Pending in queue' };
      for (let i = 0; i < 20 && status.result === 'Pending in queue'; i++) {
        status = await postForm([
          ['apikey', 'forge-test-key'],
          ['module', 'contract'],
          ['action', 'checkverifystatus'],
          ['guid', submitted.result],
        ]);
      }
      expect(status).toEqual({ status: '1', message: 'OK', result: 'Pass - Verified' });
      // Sent again, forge reads "already verified" and stops quietly.
      const again = await postForm([
        ['module', 'contract'],
        ['action', 'verifysourcecode'],
        ['contractaddress', address],
        ['sourceCode', input.trim()],
        ['codeformat', 'solidity-standard-json-input'],
        ['contractname', 'src/Greeter.sol:Greeter'],
        ['compilerversion', `v${SOLC_VERSION}`],
      ]);
      expect(again).toEqual({ status: '0', message: 'NOTOK', result: 'Contract source code already verified' });
    }, 120_000);

    it('forge verify-contract --watch and forge verify-check succeed against the product', async () => {
      // verify-check does not read foundry.toml's [etherscan] URL: without --verifier it asks Sourcify.
      const { address, args } = deployed[1]!;
      const { stdout, stderr } = await project.forge([
        'verify-contract',
        address,
        'src/Greeter.sol:Greeter',
        '--chain',
        String(CHAIN_ID),
        '--constructor-args',
        args,
        '--compiler-version',
        SOLC_VERSION,
        '--watch',
        '--retries',
        '5',
        '--delay',
        '1',
      ]);
      const out = stdout + stderr;
      expect(out).toContain('Contract successfully verified');
      const guid = /GUID: `([^`]+)`/.exec(out)?.[1];
      expect(guid).toBeTruthy();
      const check = await project.forge([
        'verify-check',
        guid!,
        '--chain',
        String(CHAIN_ID),
        '--verifier',
        'etherscan',
        '--verifier-url',
        apiUrl,
        '--etherscan-api-key',
        'forge-test-key',
      ]);
      expect(check.stdout + check.stderr).toContain('Contract successfully verified');
      // Verified now: forge says so and sends nothing.
      const again = await project.forge([
        'verify-contract',
        address,
        'src/Greeter.sol:Greeter',
        '--chain',
        String(CHAIN_ID),
        '--compiler-version',
        SOLC_VERSION,
      ]);
      expect(again.stdout + again.stderr).toContain('is already verified');
    }, 180_000);

    it('cast source and cast interface read the verified contracts back', async () => {
      for (const { address } of deployed) {
        const base = apiUrl.replace(/\/api$/, '');
        const { stdout: source } = await project.cast([
          'source',
          address,
          '--chain',
          String(CHAIN_ID),
          '--etherscan-api-key',
          'k',
          '--explorer-api-url',
          apiUrl,
          '--explorer-url',
          base,
        ]);
        expect(source).toContain('contract Greeter is Owned');
        expect(source).toContain('abstract contract Owned');
        const { stdout: iface } = await project.cast(['interface', address, '--chain', String(CHAIN_ID)]);
        expect(iface).toContain('interface Greeter');
        expect(iface).toContain('event Greeted(address indexed who, string greeting, uint256 count);');
        expect(iface).toContain('function greet(string memory g) external returns (uint256);');
        expect(iface).toContain('function owner() external view returns (address);');
      }
    }, 120_000);

    it("the Logs tab decodes a verified contract's own event with its ABI (cast send greet)", async () => {
      const { address } = deployed[0]!;
      await chain.rpc.call('evm_setAutomine', [true]);
      let out: string;
      try {
        ({ stdout: out } = await project.cast([
          'send',
          address,
          'greet(string)',
          'hi from cast',
          '--rpc-url',
          chain.devnet.url,
          '--private-key',
          devWallet(4).privateKey,
          '--json',
        ]));
      } finally {
        await chain.rpc.call('evm_setAutomine', [false]);
      }
      const hash = (JSON.parse(out) as { transactionHash: string }).transactionHash;
      await api.indexer.runOnce();
      const res = await api.get<TransactionLogsResponse>(apiPaths.txLogs(hash));
      expect(res.body.result).toHaveLength(1);
      expect(res.body.result[0]!.decoded).toEqual({
        name: 'Greeted',
        signature: 'Greeted(address,string,uint256)',
        source: 'verified',
        args: [
          { name: 'who', type: 'address', indexed: true, value: toRubyAddress(devWallet(4).address) },
          { name: 'greeting', type: 'string', indexed: false, value: 'hi from cast' },
          { name: 'count', type: 'uint256', indexed: false, value: expect.stringMatching(/^\d+$/) as unknown },
        ],
      });
    }, 120_000);
  });
});
