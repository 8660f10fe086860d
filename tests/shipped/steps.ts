/**
 * What the shipped suite does with the product, as its users do: a deploy through POST /api/deploy
 * (the spec's form), a contract compiled with another solc release than the bundled one, deployed
 * from a wallet and verified through the Etherscan-style API (so the product fetches that release
 * into its ./data, as it does for Hardhat or Foundry), and the production markers: /metrics'
 * `ruby_build_info` (the React build the server rendered with) and, in chromium, the bundle type
 * React announces to the DevTools hook (0 = production).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ContractFactory, JsonRpcProvider, Wallet } from 'ethers';
import type { Browser } from 'playwright-core';
import { DEPLOY_FIELDS } from '../../common/api/deployConstants';
import type { DeployResponse } from '../../common/api/deploy';
import { apiPaths } from '../../common/api/paths';
import { productAccounts } from '../helpers/devKeys';
import { REPO_ROOT } from '../helpers/product';

const require = createRequire(import.meta.url);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The second release: a devDependency of its own, not the bundled solc the product ships. */
export const SECOND_SOLC = { version: '0.8.20', long: 'v0.8.20+commit.a1b79de6', pkg: 'solc-0.8.20' } as const;

/**
 * A fresh key holding 100 RUBY, sent through DEVNET_PORT (the devnet's public front, where
 * anvil_setBalance is refused) by dev account 9 of the clone's own keys (DATA_DIR/devnet/keys.json),
 * as an operator would; again when the traffic generator took the same nonce.
 */
export async function fundedWallet(rpcUrl: string, dataDir: string): Promise<Wallet> {
  const wallet = new Wallet(Wallet.createRandom().privateKey);
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true, polling: true, pollingInterval: 500 });
  const funder = productAccounts(dataDir).wallet(9).connect(provider);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const nonce = await provider.getTransactionCount(funder.address, 'pending');
        const tx = await funder.sendTransaction({ to: wallet.address, value: 100n * 10n ** 18n, nonce });
        await tx.wait(1, 120_000);
        return wallet;
      } catch (err) {
        if (attempt >= 5) throw err;
        await sleep(1_000);
      }
    }
  } finally {
    provider.destroy();
  }
}

/** POST /api/deploy with GoldToken.sol as an RBC20 token. */
export async function deployToken(url: string, wallet: Wallet): Promise<DeployResponse> {
  const form = new FormData();
  const source = fs.readFileSync(path.join(REPO_ROOT, 'tests', 'fixtures', 'sol', 'GoldToken.sol'));
  form.append(DEPLOY_FIELDS.file, new Blob([source]), 'GoldToken.sol');
  form.append(DEPLOY_FIELDS.name, 'GoldToken');
  form.append(DEPLOY_FIELDS.key, wallet.privateKey);
  form.append(DEPLOY_FIELDS.type, 'RBC20');
  const res = await fetch(`${url}${apiPaths.deploy()}`, { method: 'POST', body: form, signal: AbortSignal.timeout(180_000) });
  const body = (await res.json()) as DeployResponse;
  if (res.status !== 200) throw new Error(`POST /api/deploy: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const BOX = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Box {
    uint256 public value;

    constructor(uint256 value_) {
        value = value_;
    }
}
`;

function boxInput() {
  return {
    language: 'Solidity',
    sources: { 'src/Box.sol': { content: BOX } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'paris',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
}

export interface Verified {
  address: string;
  txHash: string;
  /** checkverifystatus's final answer. */
  result: string;
}

/** Box compiled with solc 0.8.20, deployed from `wallet`, verified through POST /api (as hardhat-verify sends it). */
export async function deployAndVerifyBox(url: string, rpcUrl: string, wallet: Wallet): Promise<Verified> {
  const solc = require(SECOND_SOLC.pkg) as { compile(input: string): string };
  const input = boxInput();
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as {
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const box = out.contracts['src/Box.sol']!.Box!;
  const signer = wallet.connect(new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true, pollingInterval: 500 }));
  const contract = await new ContractFactory(box.abi as never, box.evm.bytecode.object, signer).deploy(42n);
  const tx = contract.deploymentTransaction()!;
  await tx.wait(1, 120_000);
  const address = (await contract.getAddress()).toLowerCase();
  const ctorArgs = 42n.toString(16).padStart(64, '0');
  const { outputSelection: _drop, ...settings } = input.settings;
  const form = new URLSearchParams({
    module: 'contract',
    action: 'verifysourcecode',
    apikey: 'shipped-suite',
    contractaddress: address,
    sourceCode: JSON.stringify({ ...input, settings }),
    codeformat: 'solidity-standard-json-input',
    contractname: 'src/Box.sol:Box',
    compilerversion: SECOND_SOLC.long,
    constructorArguements: ctorArgs,
  });
  const posted = await fetch(`${url}${apiPaths.etherscan()}`, {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const submit = (await posted.json()) as { status: string; result: string };
  if (submit.status !== '1') throw new Error(`verifysourcecode: ${JSON.stringify(submit)}`);
  const deadline = Date.now() + 240_000;
  for (;;) {
    const res = await fetch(`${url}${apiPaths.etherscan({ module: 'contract', action: 'checkverifystatus', guid: submit.result })}`);
    const status = (await res.json()) as { status: string; result: string };
    if (!/pending/i.test(status.result)) return { address, txHash: tx.hash, result: status.result };
    if (Date.now() > deadline) throw new Error(`checkverifystatus still '${status.result}' after 240 s`);
    await sleep(1_000);
  }
}

/** The labels of `ruby_build_info` on /metrics. */
export async function buildInfo(url: string): Promise<Record<string, string>> {
  const text = await (await fetch(`${url}${apiPaths.metrics()}`)).text();
  const line = text.split('\n').find((l) => l.startsWith('ruby_build_info{'));
  if (!line) throw new Error('no ruby_build_info in /metrics');
  return Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

/**
 * The bundle type each React renderer of the page announces to the DevTools hook (what React
 * DevTools reads to say "production build"): 0 = production, 1 = development.
 */
export async function reactBundleTypes(browser: Browser, url: string): Promise<number[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const types: number[] = [];
      (window as unknown as { __reactBundleTypes: number[] }).__reactBundleTypes = types;
      (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        isDisabled: false,
        renderers: new Map(),
        inject(renderer: { bundleType: number }) {
          types.push(renderer.bundleType);
          return types.length;
        },
        checkDCE() {},
        onScheduleFiberRoot() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
      };
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
    return await page.evaluate(() => (window as unknown as { __reactBundleTypes: number[] }).__reactBundleTypes);
  } finally {
    await context.close();
  }
}
