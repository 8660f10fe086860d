/**
 * POST /api/deploy on the devnet: an RBC20 and a DApp from .sol files end up deployed, indexed and
 * verified (catalogues, detail pages, home latest lists); every kind of bad upload gets its own
 * clear 4xx; the private key never reaches a log line.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Wallet } from 'ethers';
import type { ContractListResponse, TokenDataResponse, ContractDetailResponse } from '../../../common/api/tokens';
import { parseAddress } from '../../../common/address';
import { DEFAULT_INITIAL_SUPPLY } from '../../../common/api/deployConstants';
import { buildApi } from '../../../server/api/server';
import { loadConfig } from '../../../server/config';
import { LocalBus } from '../../../server/events';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { fundedKey, indexNow, multipart, postDeploy, readSol } from './deployFixture';
import { apiPaths } from '../../../common/api/paths';

let chain: IndexedChain;
let deployer: Wallet;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 2 });
  // Deploys wait for their receipt: mine each transaction as it arrives.
  await chain.rpc.call('evm_setAutomine', [true]);
  deployer = await fundedKey(chain.rpc, 1000n);
}, 120_000);
afterAll(() => chain?.stop());

interface Deployed {
  status: boolean;
  contractAddress: string;
  transactionHash: string;
  blockNumber: number;
  contractType: string;
  constructorArguments: string[];
}

describeEachDatabase('deploy API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it('deploys an RBC20 token from a .sol file; it is indexed and verified in /getTokens', async () => {
    const source = readSol('GoldToken.sol');
    // The spec's contract type values, in any case.
    const res = await postDeploy<Deployed>(
      api,
      { contractName: 'GoldToken', privatekey: deployer.privateKey, contractType: 'rbc20' },
      { name: 'GoldToken.sol', data: source },
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe(true);
    expect(res.body.contractAddress).toMatch(/^r[0-9a-fA-F]{40}$/);
    expect(res.body.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(res.body.contractType).toBe('rbc20');
    expect(res.body.constructorArguments).toEqual(['GoldToken', 'GT', DEFAULT_INITIAL_SUPPLY.toString()]);
    const address = parseAddress(res.body.contractAddress)!;
    const receipt = await chain.rpc.call<{ contractAddress: string; from: string }>('eth_getTransactionReceipt', [
      res.body.transactionHash,
    ]);
    expect(receipt.contractAddress.toLowerCase()).toBe(address);
    expect(receipt.from.toLowerCase()).toBe(deployer.address.toLowerCase());

    await indexNow(api);
    const list = await api.get<ContractListResponse>(apiPaths.tokens());
    const row = list.body.result.find((r) => r.contract_address === res.body.contractAddress);
    expect(row, 'listed in /getTokens').toBeDefined();
    expect(row?.verified).toBe(true);
    expect(row?.contractname).toBe('GoldToken');
    expect(row?.owneraddress.toLowerCase()).toBe(`r${deployer.address.slice(2).toLowerCase()}`);

    const detail = await api.get<TokenDataResponse>(apiPaths.tokenData(res.body.contractAddress));
    expect(detail.body.result.verified).toBe(true);
    expect(detail.body.result.contractcode).toBe(source);
    expect(JSON.stringify(detail.body.result.abi)).toContain('"transferFrom"');
    expect(detail.body.result.symbol).toBe('GT');
    expect(detail.body.result.totalSupplyWei).toBe(DEFAULT_INITIAL_SUPPLY.toString());

    const home = await api.get<{ tokendepoloy: Array<{ contract_address: string; contractname: string }> }>(apiPaths.tokenDeploy());
    expect(home.body.tokendepoloy[0]).toMatchObject({ contract_address: res.body.contractAddress, contractname: 'GoldToken' });
  }, 60_000);

  it('deploys a DApp; it is listed verified in /getContracts and on the home list under its source name', async () => {
    const res = await postDeploy<Deployed>(
      api,
      { contractName: 'Counter', privatekey: deployer.privateKey.slice(2), contractType: 'DApp' },
      { name: 'Counter.sol', data: readSol('Counter.sol') },
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.contractType).toBe('dapp');
    expect(res.body.constructorArguments).toEqual([]);
    await indexNow(api);
    const list = await api.get<ContractListResponse>(apiPaths.contracts());
    const row = list.body.result.find((r) => r.contract_address === res.body.contractAddress);
    expect(row).toMatchObject({ verified: true, contractname: 'Counter', contractType: 'dapp' });
    const detail = await api.get<ContractDetailResponse>(apiPaths.contractDetail(res.body.contractAddress));
    expect(detail.body.result).toMatchObject({ verified: true, name: 'Counter' });
    const home = await api.get<{ contractdeploy: Array<{ contract_address: string; contractname: string }> }>(apiPaths.contractDeploy());
    expect(home.body.contractdeploy[0]).toMatchObject({ contract_address: res.body.contractAddress, contractname: 'Counter' });
  }, 60_000);

  it('answers each bad upload with its own clear 4xx', async () => {
    const key = deployer.privateKey;
    const counter = { name: 'Counter.sol', data: readSol('Counter.sol') };
    const cases: Array<[string, Record<string, string>, Parameters<typeof postDeploy>[2], number, RegExp]> = [
      [
        'missing file',
        { contractName: 'Counter', privatekey: key, contractType: 'DApp' },
        undefined,
        400,
        /^Please fill in all fields\. Missing: solFile$/,
      ],
      [
        'missing key and type',
        { contractName: 'Counter' },
        counter,
        400,
        /^Please fill in all fields\. Missing: privatekey, contractType$/,
      ],
      [
        'unknown type',
        { contractName: 'Counter', privatekey: key, contractType: 'NFT' },
        counter,
        400,
        /Invalid contract type "nft": use RBC20 \(token\) or DApp/,
      ],
      [
        'not a .sol file',
        { contractName: 'Counter', privatekey: key, contractType: 'DApp' },
        { name: 'notes.txt', data: 'hello' },
        400,
        /Not a Solidity file: "notes.txt" is not a \.sol file/,
      ],
      [
        'binary named .sol',
        { contractName: 'Counter', privatekey: key, contractType: 'DApp' },
        { name: 'image.sol', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0xff, 0xfe]) },
        400,
        /Not a Solidity file: the file is not UTF-8 text/,
      ],
      [
        'text without a contract',
        { contractName: 'Counter', privatekey: key, contractType: 'DApp' },
        { name: 'readme.sol', data: 'Just some words.' },
        400,
        /no contract definition found/,
      ],
      [
        'compile error',
        { contractName: 'Broken', privatekey: key, contractType: 'DApp' },
        { name: 'Broken.sol', data: readSol('Broken.sol') },
        400,
        /^Compilation failed:\nParserError: Expected ';' but got 'function'/,
      ],
      [
        'wrong contract name',
        { contractName: 'Nope', privatekey: key, contractType: 'DApp' },
        counter,
        400,
        /No contract named "Nope" in the source\. Contracts found: Counter/,
      ],
      [
        'RBC20 that is not ERC20',
        { contractName: 'FakeToken', privatekey: key, contractType: 'RBC20' },
        { name: 'FakeToken.sol', data: readSol('FakeToken.sol') },
        400,
        /FakeToken is not an RBC20 token: it does not implement the ERC20 interface \(missing function transfer\(address,uint256\) returns \(bool\);.*event Transfer/,
      ],
      [
        'unsupported constructor',
        { contractName: 'Vault', privatekey: key, contractType: 'DApp' },
        { name: 'Vault.sol', data: readSol('Vault.sol') },
        400,
        /Unsupported constructor constructor\(address\)/,
      ],
      [
        'huge file',
        { contractName: 'Counter', privatekey: key, contractType: 'DApp' },
        { name: 'Huge.sol', data: `${readSol('Counter.sol')}\n//${'x'.repeat(210 * 1024)}` },
        413,
        /The file is too large: a \.sol file may have at most 200 KB/,
      ],
      [
        'malformed key',
        { contractName: 'Counter', privatekey: 'not-a-key', contractType: 'DApp' },
        counter,
        400,
        /^Invalid private key: use 64 hex digits, with or without 0x$/,
      ],
      [
        'unfunded key',
        { contractName: 'Counter', privatekey: `0x${'11'.repeat(32)}`, contractType: 'DApp' },
        counter,
        400,
        /has not enough RUBY to pay for the deployment/,
      ],
    ];
    for (const [what, fields, file, code, message] of cases) {
      const res = await postDeploy<{ status: boolean; message: string }>(api, fields, file);
      expect(res.statusCode, `${what}: ${JSON.stringify(res.body)}`).toBe(code);
      expect(res.body.status, what).toBe(false);
      expect(res.body.message, what).toMatch(message);
    }
    const json = await api.app.inject({ method: 'POST', url: apiPaths.deploy(), payload: { contractName: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ status: false, message: 'Send the deploy form as multipart/form-data' });
  }, 120_000);

  it('never writes the private key into a log line', async () => {
    const lines: string[] = [];
    const dir = path.join(chain.dir, 'no-dist');
    const { app } = await buildApi({
      config: loadConfig({ DATA_DIR: chain.dir, RUBY_RPC_URL: chain.devnet.url }),
      db: getDb(),
      bus: new LocalBus(),
      rpcUrl: chain.devnet.url,
      indexerStatus: () => api.indexer.status(),
      log: (m) => lines.push(m),
      distDir: dir,
    });
    try {
      const key = deployer.privateKey;
      for (const [contractName, type] of [
        ['Counter', 'DApp'],
        ['Broken', 'DApp'],
        ['Nope', 'RBC20'],
      ] as const) {
        const { payload, headers } = multipart(
          { contractName, privatekey: key, contractType: type },
          { name: `${contractName}.sol`, data: readSol(contractName === 'Broken' ? 'Broken.sol' : 'Counter.sol') },
        );
        const res = await app.inject({ method: 'POST', url: apiPaths.deploy(), payload, headers });
        expect(res.body).not.toContain(key.slice(2));
      }
      const all = lines.join('\n').toLowerCase();
      expect(all).not.toContain(key.slice(2).toLowerCase());
    } finally {
      await app.close();
    }
  }, 60_000);
});
