/**
 * The product as shipped (issue #38; `npm run test:shipped`, run by .ci/run): the repository's
 * HEAD cloned into a temporary folder, the README's run command exactly as written with nothing
 * set but the two ports (so its defaults: ./data inside the clone, 10-second blocks, NODE_ENV
 * unset, the samples' verification on), used over HTTP and in chromium as a user would. A stop
 * (SIGTERM) and a restart (`npm start`) on the same data; the whole log checked at the end. The
 * steps share one product and run in order. The newcomer's first start (tests/e2e/freshClone)
 * is its first step.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toRubyAddress } from '../../common/address';
import { loaders } from '@shazow/whatsabi';
import { getAddress } from 'ethers';
import { API_PREFIX, apiPaths } from '../../common/api/paths';
import { SERVER_STATE_ID } from '../../common/routeSkeleton';
import { SCREEN_TITLES } from '../../common/spec';
import { launchBrowser, screenshot, visit } from '../helpers/browser';
import { E2E_LOG_DIR, groupAlive, spawnGroup, tail, type GroupProcess } from '../helpers/processGroup';
import { productAccounts } from '../helpers/devKeys';
import { pollUntil, readIndexingStatus, type IndexingStatus } from '../helpers/product';
import { cloneHead, freePort, logProblems, newcomerEnv, readmeRunCommand } from './clone';
import { checkWalletLinks, notFoundProblems } from './links';
import { SECOND_SOLC, buildInfo, deployAndVerifyBox, deployToken, fundedWallet, reactBundleTypes, type Verified } from './steps';
import type { DeployResponse } from '../../common/api/deploy';
import { callTool, mcpClient } from '../server/api/mcpFixture';

const CHAIN_ID = 18215;

let workDir: string | null = null;
let clone = '';
let proc: GroupProcess | null = null;
let procLog = '';
const logs: string[] = [];
let url = '';
let rpcUrl = '';
let env: NodeJS.ProcessEnv = {};
let browser: Browser;
let box: Verified | null = null;
let token: DeployResponse | null = null;
let keysBefore = '';

async function stopProduct(): Promise<void> {
  if (!proc) return;
  const p = proc;
  proc = null;
  const stopped = await p.stop();
  // The whole log file (output() keeps only its last 200,000 characters).
  logs.push(fs.existsSync(procLog) ? fs.readFileSync(procLog, 'utf8') : p.output());
  expect(stopped.forced, `SIGTERM did not stop the product within 20 s:\n${tail(p.output())}`).toBe(false);
  expect(groupAlive(p.pgid), 'a process of the product outlived SIGTERM').toBe(false);
}

/** Runs `command` in the clone and waits until it serves and has indexed `minBlock`. */
async function run(command: string, label: string, minBlock: number): Promise<void> {
  const p = spawnGroup('bash', ['-c', command], { cwd: clone, env, logName: label, signalTarget: 'group' });
  proc = p;
  procLog = path.join(E2E_LOG_DIR, `${label}.log`);
  const printed = (await p.waitForOutput(/Ruby Explorer: (http:\/\/[^\s,()]+)/, 600_000))[1];
  expect(printed, 'the URL in the start-up line').toBe(url);
  let status: IndexingStatus | null = null;
  await pollUntil(
    async () => {
      status = await readIndexingStatus(url);
      return status !== null && status.indexedBlock !== null && status.indexedBlock >= minBlock;
    },
    240_000,
    () => `not indexed to block ${minBlock} (last status ${JSON.stringify(status)}):\n${tail(p.output())}`,
    () => (p.exitInfo() ? `\`${command}\` exited:\n${tail(p.output())}` : null),
  );
}

const dataDir = () => path.join(clone, 'data');
const indexed = async () => (await readIndexingStatus(url))?.indexedBlock ?? -1;

beforeAll(async () => {
  ({ workDir, clone } = cloneHead());
  const port = await freePort();
  const devnetPort = await freePort();
  env = { ...newcomerEnv(), PORT: String(port), DEVNET_PORT: String(devnetPort) };
  url = `http://127.0.0.1:${port}`;
  rpcUrl = `http://127.0.0.1:${devnetPort}`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stopProduct();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
}, 120_000);

describe.sequential('the product as shipped', () => {
  it('starts from a clean clone with the README command, npm ci without warnings, and shows indexed blocks', async () => {
    const command = readmeRunCommand(fs.readFileSync(path.join(clone, 'README.md'), 'utf8'));
    expect(command).toBe('npm ci && npm start');
    const started = Date.now();
    await run(command, 'shipped-first', 3);
    const install = proc!.output().split('> ruby-explorer@')[0] ?? '';
    expect(install, 'npm ci (defect 8)').not.toMatch(/allowScripts|install scripts/i);
    const v = await visit(browser, url, '/', { viewport: 'desktop' });
    try {
      await screenshot(v.page, 'shipped/home');
      const title = (await v.page.locator('main h1').first().innerText()).trim();
      expect([...v.problems, ...(title === SCREEN_TITLES.home ? [] : [`home title '${title}'`])]).toEqual([]);
      expect(await v.page.locator('header nav').first().isVisible()).toBe(true);
    } finally {
      await v.close();
    }
    console.log(`shipped: \`${command}\` served ${url} and indexed after ${Math.round((Date.now() - started) / 1000)} s`);
  }, 900_000);

  it("keeps the devnet its own (issue #45): keys of its own in ./data, anvil's methods refused on DEVNET_PORT, no CORS", async () => {
    const keysFile = path.join(dataDir(), 'devnet', 'keys.json');
    expect(fs.statSync(keysFile).mode & 0o777).toBe(0o600);
    const accounts = productAccounts(dataDir());
    const startLog = proc!.output();
    expect(startLog).toContain(keysFile);
    expect(startLog).toContain(accounts.wallet(0).address);
    expect(startLog).not.toContain(accounts.mnemonic);
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const call = (method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id: 1, method, params });
    const head = (await (await post(call('eth_blockNumber'))).json()) as { result?: string };
    expect(head.result).toMatch(/^0x[0-9a-f]+$/);
    for (const method of ['anvil_setCode', 'evm_mine', 'eth_sendTransaction']) {
      expect(await (await post(call(method, []))).json(), method).toMatchObject({ error: { code: -32601 } });
    }
    const fromPage = await post(call('eth_blockNumber'), { origin: 'http://evil.example' });
    expect(fromPage.headers.get('access-control-allow-origin')).toBeNull();
    // anvil's well-known test account 0 holds nothing on this chain; the folder's own account 0 does.
    const balance = async (a: string) =>
      BigInt(((await (await post(call('eth_getBalance', [a, 'latest']))).json()) as { result: string }).result);
    expect(await balance('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(0n);
    expect(await balance(accounts.wallet(0).address)).toBeGreaterThan(0n);
    keysBefore = fs.readFileSync(keysFile, 'utf8');
  }, 60_000);

  it('verifies a contract compiled with another solc release, fetched into ./data (defect 1)', async () => {
    box = await deployAndVerifyBox(url, rpcUrl, await fundedWallet(rpcUrl, dataDir()));
    expect(box.result, tail(proc!.output())).toBe('Pass - Verified');
    const cached = fs.readdirSync(path.join(clone, 'data', 'solc')).filter((f) => f.startsWith(`soljson-v${SECOND_SOLC.version}.`));
    expect(cached.sort()).toEqual([`soljson-v${SECOND_SOLC.version}.cjs`, `soljson-v${SECOND_SOLC.version}.json`]);
  }, 300_000);

  it('deploys a token through POST /api/deploy and exports the deployer’s history as CSV', async () => {
    const wallet = await fundedWallet(rpcUrl, dataDir());
    token = await deployToken(url, wallet);
    expect(token.verified).toBe(true);
    await pollUntil(
      async () => (await indexed()) >= token!.blockNumber,
      60_000,
      () => `block ${token!.blockNumber} not indexed`,
    );
    const res = await fetch(`${url}${apiPaths.exportCsv({ kind: 'transactions', file: `${toRubyAddress(wallet.address)}.csv` })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const csv = await res.text();
    expect(csv.split('\n').length).toBeGreaterThanOrEqual(2);
    expect(csv.toLowerCase()).toContain(token.transactionHash.toLowerCase());
  }, 300_000);

  it('renders pages on the server with the production builds (defect 2)', async () => {
    // Rendered with its data within the server's deadline (on a loaded machine a try may fall back
    // to the skeleton page; the renderer is loaded either way).
    let rendered = false;
    for (let i = 0; i < 5 && !rendered; i++) {
      const res = await fetch(`${url}/block/1`);
      expect(res.status).toBe(200);
      rendered = (await res.text()).includes(`id="${SERVER_STATE_ID}"`);
      if (!rendered) await new Promise((r) => setTimeout(r, 2_000));
    }
    expect(rendered, '/block/1 rendered by the server with its data').toBe(true);
    expect(await buildInfo(url)).toMatchObject({ node_env: 'production', react: 'production' });
    const types = await reactBundleTypes(browser, `${url}/block/1`);
    expect(types.length, 'React announced no renderer').toBeGreaterThan(0);
    expect(types, 'the browser runs React’s production build (bundle type 0)').toEqual(types.map(() => 0));
  }, 120_000);

  it('opens wallet links (EIP-3091): /tx, /token, /address#code, Sourcify’s repo-ui (defect 3)', async () => {
    expect(box && token, 'the deploy and the verification above').toBeTruthy();
    const problems = await checkWalletLinks(browser, url, CHAIN_ID, {
      txHash: box!.txHash,
      token: token!.contractAddress,
      contract: box!.address,
    });
    expect(problems).toEqual([]);
  }, 180_000);

  it("serves the other clients' APIs: Blockscout's v2 to whatsabi, MCP to the SDK's client, /llms.txt", async () => {
    expect(box, 'the verification above').toBeTruthy();
    const loader = new loaders.BlockscoutABILoader({ baseURL: `${url}${API_PREFIX}` });
    const contract = await loader.getContract(getAddress(box!.address));
    expect(contract.ok, 'whatsabi found the verified contract').toBe(true);
    expect(contract.name).toBe('Box');
    expect(contract.compilerVersion).toBe(SECOND_SOLC.long);
    const client = await mcpClient(url);
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThanOrEqual(8);
      const got = await callTool<{ transaction: { hash: string } }>(client, 'get_transaction', { hash: box!.txHash });
      expect(got.transaction.hash).toBe(box!.txHash.toLowerCase());
    } finally {
      await client.close();
    }
    const llms = await fetch(`${url}${apiPaths.llmsTxt()}`);
    expect(llms.status).toBe(200);
    expect(await llms.text()).toContain(`${url}${apiPaths.mcp()}`);
  }, 120_000);

  it('answers HTTP 404 with the app’s page for what does not exist (defect 4)', async () => {
    expect(await notFoundProblems(url, await fundedWallet(rpcUrl, dataDir()).then((w) => w.address))).toEqual([]);
  }, 60_000);

  it('stops on SIGTERM and restarts with `npm start` on the same data, the compiler cache reused', async () => {
    const before = await indexed();
    await stopProduct();
    await run('npm start', 'shipped-restart', before);
    expect(fs.readFileSync(path.join(dataDir(), 'devnet', 'keys.json'), 'utf8'), 'the same keys after a restart').toBe(keysBefore);
    const again = await deployAndVerifyBox(url, rpcUrl, await fundedWallet(rpcUrl, dataDir()));
    expect(again.result).toBe('Pass - Verified');
    expect(proc!.output(), 'the cached release, not a new download').not.toMatch(new RegExp(`solc ${SECOND_SOLC.version}: obtained from`));
    const src = (await (
      await fetch(`${url}${apiPaths.etherscan({ module: 'contract', action: 'getsourcecode', address: box!.address })}`)
    ).json()) as {
      result: Array<{ CompilerVersion: string }>;
    };
    expect(src.result[0]?.CompilerVersion).toBe(SECOND_SOLC.long);
  }, 900_000);

  it('logs no warning and no stack trace', async () => {
    await stopProduct();
    expect(logs.flatMap(logProblems)).toEqual([]);
  }, 60_000);
});
