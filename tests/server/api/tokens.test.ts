import { afterAll, beforeAll, expect, it } from 'vitest';
import { AbiCoder, formatUnits } from 'ethers';
import type { ContractDetailResponse, ContractListResponse, TokenDataResponse, TokenTransfersResponse } from '../../../common/api/tokens';
import { toRubyAddress } from '../../../common/address';
import { RpcClient, hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import type { RawBlock, RawReceipt } from '../../../server/chain/types';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { toJsonText } from '../../../server/db/schema';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths, openApiPaths } from '../../../common/api/paths';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const ZERO = '0x0000000000000000000000000000000000000000';
const coder = AbiCoder.defaultAbiCoder();
const SEL = { name: '0x06fdde03', symbol: '0x95d89b41', decimals: '0x313ce567', totalSupply: '0x18160ddd', balanceOf: '0x70a08231' };

interface NodeChain {
  head: number;
  blocks: RawBlock[];
  receipts: Map<string, RawReceipt>;
}

let chain: IndexedChain;
let deployment: Deployment;
let node: NodeChain;

async function readChain(c: IndexedChain): Promise<NodeChain> {
  const head = hexToNumber(await c.rpc.call<string>('eth_blockNumber'));
  const blocks: RawBlock[] = [];
  const receipts = new Map<string, RawReceipt>();
  for (let n = 0; n <= head; n++) {
    const tag = toHexQuantity(n);
    const [block, rs] = await Promise.all([
      c.rpc.call<RawBlock>('eth_getBlockByNumber', [tag, true]),
      c.rpc.call<RawReceipt[]>('eth_getBlockReceipts', [tag]),
    ]);
    blocks.push(block);
    for (const r of rs) receipts.set(r.transactionHash.toLowerCase(), r);
  }
  return { head, blocks, receipts };
}

async function ethCall(to: string, data: string): Promise<string> {
  return chain.rpc.call<string>('eth_call', [{ to, data }, toHexQuantity(node.head)]);
}
const callUint = async (to: string, data: string) => BigInt(await ethCall(to, data));
const callString = async (to: string, data: string) => coder.decode(['string'], await ethCall(to, data))[0] as string;
const balanceOf = (token: string, holder: string) => callUint(token, `${SEL.balanceOf}${coder.encode(['address'], [holder]).slice(2)}`);

/** The token's Transfer events, newest first. */
interface NodeTransfer {
  hash: string;
  block: number;
  logIndex: number;
  from: string;
  to: string;
  value: bigint;
}
function nodeTransfers(token: string): NodeTransfer[] {
  const out: NodeTransfer[] = [];
  for (const b of node.blocks) {
    for (const tx of b.transactions) {
      for (const log of node.receipts.get(tx.hash.toLowerCase())?.logs ?? []) {
        if (log.address.toLowerCase() !== token || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
        out.push({
          hash: tx.hash.toLowerCase(),
          block: hexToNumber(b.number),
          logIndex: hexToNumber(log.logIndex),
          from: `0x${log.topics[1]!.slice(26)}`.toLowerCase(),
          to: `0x${log.topics[2]!.slice(26)}`.toLowerCase(),
          value: BigInt(log.data),
        });
      }
    }
  }
  return out.sort((a, b) => b.block - a.block || b.logIndex - a.logIndex);
}

/** Transactions sent to the address. */
function nodeTxsTo(address: string): number {
  return node.blocks.reduce((n, b) => n + b.transactions.filter((t) => t.to?.toLowerCase() === address).length, 0);
}

/** The transaction that created the contract (null for one created inside a call). */
function creationTx(address: string): { hash: string; block: number; from: string } | null {
  for (const b of node.blocks) {
    for (const tx of b.transactions) {
      if (!tx.to && node.receipts.get(tx.hash.toLowerCase())?.contractAddress?.toLowerCase() === address) {
        return { hash: tx.hash.toLowerCase(), block: hexToNumber(b.number), from: tx.from.toLowerCase() };
      }
    }
  }
  return null;
}

const allTokens = () => [...deployment.tokens.map((t) => t.address), ...deployment.pairs.map((p) => p.address)];
const dapps = () => [deployment.router, deployment.splitter, deployment.nft];

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 8 });
  deployment = await chain.traffic.setup();
  node = await readChain(chain);
});
afterAll(() => chain?.stop());

describeEachDatabase('tokens and contracts API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it('lists the RBC20 tokens newest first with supplies and creators as the node has them', async () => {
    const res = await api.get<ContractListResponse>(apiPaths.tokensPage({ page: 1, size: 200 }));
    expect(res.statusCode).toBe(200);
    const list = res.body.result;
    expect(new Set(list.map((t) => t.contract_address))).toEqual(new Set(allTokens().map(toRubyAddress)));
    expect(res.body).toMatchObject({
      status: true,
      totalContracts: 6,
      verifiedContracts: 0,
      totalTransactions: 6,
      totalPages: 1,
      currentPage: 1,
    });
    const blocks = list.map((t) => t.blockNumber);
    expect([...blocks].sort((a, b) => b - a)).toEqual(blocks);
    for (const t of list) {
      const a = t.contract_address.replace(/^r/, '0x').toLowerCase();
      const supply = await callUint(a, SEL.totalSupply);
      expect(t, a).toMatchObject({
        contractType: 'rbc20',
        verified: false,
        decimals: Number(await callUint(a, SEL.decimals)),
        symbol: await callString(a, SEL.symbol),
        contractname: await callString(a, SEL.name),
        totalSupplyWei: supply.toString(),
        totalSupply: Number(formatUnits(supply, 18)),
      });
      // Tokens are deployed by the deployer; the pools by the router (inside addLiquidity).
      const direct = creationTx(a);
      expect(t.owneraddress).toBe(toRubyAddress(direct ? direct.from : deployment.router));
      expect(Date.parse(t.createdAt) / 1000).toBe(hexToNumber(node.blocks[t.blockNumber]!.timestamp));
    }
    const first = await api.get<ContractListResponse>(apiPaths.tokens());
    expect(first.body.result).toEqual(list.slice(0, 20));
    const p2 = await api.get<ContractListResponse>(apiPaths.tokensPage({ page: 2, size: 4 }));
    expect(p2.body.result).toEqual(list.slice(4, 8));
    expect(p2.body).toMatchObject({ totalContracts: 6, totalPages: 2, currentPage: 2 });
  });

  it('lists the DApp contracts (router, splitter, NFT) the same way', async () => {
    const res = await api.get<ContractListResponse>(apiPaths.contracts());
    expect(res.statusCode).toBe(200);
    expect(new Set(res.body.result.map((c) => c.contract_address))).toEqual(new Set(dapps().map(toRubyAddress)));
    expect(res.body).toMatchObject({ totalContracts: 3, verifiedContracts: 0, totalTransactions: 3 });
    for (const c of res.body.result) {
      expect(c).toMatchObject({
        contractType: 'dapp',
        owneraddress: toRubyAddress(deployment.deployer),
        totalSupply: null,
        totalSupplyWei: null,
        verified: false,
      });
    }
    expect((await api.get<ContractListResponse>(apiPaths.contractsPage({ page: 1, size: 20 }))).body).toEqual(res.body);
  });

  it('answers a token in detail: metadata, supply, counts, holders and code from the node', async () => {
    for (const token of allTokens()) {
      const res = await api.get<TokenDataResponse>(apiPaths.tokenData(toRubyAddress(token)));
      expect(res.statusCode, token).toBe(200);
      const t = res.body.result;
      const transfers = nodeTransfers(token);
      const candidates = new Set(transfers.flatMap((x) => [x.from, x.to]).filter((a) => a !== ZERO));
      let holders = 0;
      for (const h of candidates) if ((await balanceOf(token, h)) > 0n) holders++;
      const supply = await callUint(token, SEL.totalSupply);
      const coin = BigInt(await chain.rpc.call<string>('eth_getBalance', [token, toHexQuantity(node.head)]));
      const created = creationTx(token);
      expect(t, token).toMatchObject({
        contractAddress: toRubyAddress(token),
        contractType: 'rbc20',
        name: await callString(token, SEL.name),
        symbol: await callString(token, SEL.symbol),
        decimals: 18,
        totalSupplyWei: supply.toString(),
        totalSupply: Number(formatUnits(supply, 18)),
        rubybalanceWei: coin.toString(),
        rubybalance: Number(formatUnits(coin, 18)),
        balance: Number(formatUnits(coin, 18)),
        trx_length: nodeTxsTo(token),
        transfers: transfers.length,
        holders,
        bytecode: await chain.rpc.call<string>('eth_getCode', [token, 'latest']),
        abi: null,
        contractcode: null,
        verified: false,
        owner: toRubyAddress(created ? created.from : deployment.router),
      });
      if (created) expect(t).toMatchObject({ txHash: created.hash, blockNumber: created.block });
      expect(t.transfers).toBeGreaterThan(0);
    }
  });

  it("lists a token's transfers newest first as the node's logs have them", async () => {
    const token = deployment.tokens[1]!.address;
    const expected = nodeTransfers(token);
    const res = await api.get<TokenTransfersResponse>(apiPaths.tokenTx({ contractAddress: token, page: 1, size: 200 }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: true, totalTransactions: expected.length, currentPage: 1 });
    expect(res.body.result.map((t) => [t.hash, t.logIndex])).toEqual(expected.slice(0, 200).map((t) => [t.hash, t.logIndex]));
    res.body.result.forEach((t, i) => {
      const e = expected[i]!;
      expect(t).toMatchObject({
        from: toRubyAddress(e.from),
        to: toRubyAddress(e.to),
        valueWei: e.value.toString(),
        value: Number(formatUnits(e.value, 18)),
        tokenAddress: toRubyAddress(token),
        tokenSymbol: deployment.tokens[1]!.symbol,
        tokenName: deployment.tokens[1]!.name,
        tokenDecimals: 18,
        transactiontype: 2,
        status: 1,
        decodedInput: [{ _to: toRubyAddress(e.to), _value: e.value.toString() }],
      });
    });
    const p3 = await api.get<TokenTransfersResponse>(
      apiPaths.tokenTx({ contractAddress: toRubyAddress(token).toLowerCase(), page: 3, size: 4 }),
    );
    expect(p3.body.result.map((t) => t.hash)).toEqual(expected.slice(8, 12).map((t) => t.hash));
    expect(p3.body).toMatchObject({ totalPages: Math.ceil(expected.length / 4), currentPage: 3 });
    const past = await api.get<TokenTransfersResponse>(
      apiPaths.tokenTx({ contractAddress: token, page: Math.ceil(expected.length / 4) + 1, size: 4 }),
    );
    expect(past.body.result).toEqual([]);
  });

  it("answers a contract in detail, with the contract's own token holdings", async () => {
    const pair = deployment.pairs[0]!;
    const res = await api.get<ContractDetailResponse>(apiPaths.contractDetail(pair.address));
    expect(res.statusCode).toBe(200);
    const c = res.body.result;
    expect(c).toMatchObject({
      contractAddress: toRubyAddress(pair.address),
      contractType: 'rbc20',
      owner: toRubyAddress(deployment.router),
      trx_length: nodeTxsTo(pair.address),
    });
    const expected = new Map<string, string>();
    for (const t of allTokens()) {
      const b = await balanceOf(t, pair.address);
      if (b > 0n) expected.set(toRubyAddress(t), b.toString());
    }
    expect(expected.size).toBeGreaterThanOrEqual(2); // the pool holds both of its tokens
    expect(new Map(c.tokens.map((t) => [t.contractAddress, t.balanceWei]))).toEqual(expected);

    const splitter = deployment.splitter;
    const s = await api.get<ContractDetailResponse>(apiPaths.contractDetail(splitter));
    const coin = BigInt(await chain.rpc.call<string>('eth_getBalance', [splitter, toHexQuantity(node.head)]));
    const created = creationTx(splitter)!;
    expect(s.body.result).toMatchObject({
      contractAddress: toRubyAddress(splitter),
      contractType: 'dapp',
      isNft: false,
      owner: toRubyAddress(deployment.deployer),
      trx_length: nodeTxsTo(splitter),
      rubybalanceWei: coin.toString(),
      rubybalance: Number(formatUnits(coin, 18)),
      balance: Number(formatUnits(coin, 18)),
      tokens: [],
      txHash: created.hash,
      blockNumber: created.block,
      createdAt: new Date(hexToNumber(node.blocks[created.block]!.timestamp) * 1000).toISOString(),
      bytecode: await chain.rpc.call<string>('eth_getCode', [splitter, 'latest']),
      verified: false,
      abi: null,
      contractcode: null,
    });
    expect(s.body.result.trx_length).toBeGreaterThan(0);
    const nft = await api.get<ContractDetailResponse>(apiPaths.contractDetail(deployment.nft));
    expect(nft.body.result).toMatchObject({ contractType: 'dapp', isNft: true });
    // The documented alias answers the same, for any spelling of the address.
    for (const spelling of [toRubyAddress(splitter), toRubyAddress(splitter).toLowerCase(), `0X${splitter.slice(2).toUpperCase()}`]) {
      const alias = await api.get<ContractDetailResponse>(apiPaths.contractsData(spelling));
      expect(alias.body).toEqual(s.body);
    }
  });

  it('shows a verified source: abi, contract code, name and the verified count', async () => {
    const splitter = deployment.splitter;
    const abi = [{ type: 'function', name: 'tip', inputs: [{ name: 'to', type: 'address' }], outputs: [], stateMutability: 'payable' }];
    await getDb()
      .db.insertInto('contract_sources')
      .values({
        address: splitter,
        contract_name: 'RubySplitter',
        source: 'contract RubySplitter {}',
        abi: toJsonText(abi),
        compiler_version: '0.8.28',
        compiler_settings: toJsonText({ optimizer: { enabled: false } }),
      })
      .execute();
    api.bus.publish({ type: 'blocks', from: node.head, to: node.head, hash: '', head: node.head, txCount: 0 }); // per-block caches start over
    const d = await api.get<ContractDetailResponse>(apiPaths.contractDetail(splitter));
    expect(d.body.result).toMatchObject({ verified: true, abi, contractcode: 'contract RubySplitter {}', name: 'RubySplitter' });
    const list = await api.get<ContractListResponse>(apiPaths.contracts());
    expect(list.body.verifiedContracts).toBe(1);
    expect(list.body.result.find((c) => c.contract_address === toRubyAddress(splitter))).toMatchObject({
      verified: true,
      contractname: 'RubySplitter',
    });
    expect((await api.get<ContractListResponse>(apiPaths.tokens())).body.verifiedContracts).toBe(0);
  });

  it('answers 404 for what is not a token or not a contract, 400 for malformed input', async () => {
    const eoa = deployment.deployer;
    const unknown = '0x00000000000000000000000000000000c0ffee04';
    for (const [url, message] of [
      [apiPaths.tokenData(deployment.splitter), `Token ${toRubyAddress(deployment.splitter)} not found`],
      [apiPaths.tokenData(unknown), `Token ${toRubyAddress(unknown)} not found`],
      [apiPaths.tokenData(eoa), `Token ${toRubyAddress(eoa)} not found`],
      [apiPaths.tokenTx({ contractAddress: deployment.nft, page: 1, size: 20 }), `Token ${toRubyAddress(deployment.nft)} not found`],
      [apiPaths.contractDetail(eoa), `Contract ${toRubyAddress(eoa)} not found`],
      [apiPaths.contractsData(unknown.toUpperCase().replace('0X', 'r')), `Contract ${toRubyAddress(unknown)} not found`],
    ] as const) {
      const res = await api.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toEqual({ status: false, message });
    }
    for (const url of [
      apiPaths.tokensPage({ page: 0, size: 20 }),
      apiPaths.tokensPage({ page: 1, size: 201 }),
      apiPaths.contractsPage({ page: 'a', size: 20 }),
      apiPaths.contractsPage({ page: 1, size: '-1' }),
      apiPaths.tokenData('r12'),
      apiPaths.tokenData('0xZZ5fbdb2315678afecb367f032d93f642f64180a'),
      apiPaths.tokenTx({ contractAddress: deployment.tokens[0]!.address, page: 0, size: 20 }),
      apiPaths.tokenTx({ contractAddress: 'hello', page: 1, size: 20 }),
      apiPaths.contractDetail('0x'),
      apiPaths.contractsData('r5FbDB2315678afecb367f032d93F642f64180aa3x'),
    ]) {
      const res = await api.get<{ status: boolean; message: string }>(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body.status).toBe(false);
      expect(res.body.message, url).toMatch(/^Invalid (address|page number|page size) /);
    }
  });

  it('documents the routes in the OpenAPI document', async () => {
    const res = await api.get<{ paths: Record<string, { get?: { tags?: string[]; summary?: string } }> }>(apiPaths.openapi());
    for (const p of [
      apiPaths.tokens(),
      openApiPaths.tokensPage,
      apiPaths.contracts(),
      openApiPaths.contractsPage,
      openApiPaths.tokenData,
      openApiPaths.tokenTx,
      openApiPaths.contractDetail,
      openApiPaths.contractsData,
    ]) {
      expect(res.body.paths[p]?.get?.summary, p).toBeTruthy();
      expect(res.body.paths[p]?.get?.tags, p).toEqual([p.includes('Contract') ? 'Contract' : 'Token']);
    }
  });

  it('keeps contract pages up while the node is down (code null); /getBalance answers 503', async () => {
    const rpc = api.ctx.rpc;
    api.ctx.rpc = new RpcClient('http://127.0.0.1:1', { retries: 0, timeoutMs: 2_000 });
    try {
      api.bus.publish({ type: 'blocks', from: node.head, to: node.head, hash: '', head: node.head, txCount: 0 });
      const token = await api.get<TokenDataResponse>(apiPaths.tokenData(deployment.tokens[0]!.address));
      expect(token.statusCode).toBe(200);
      expect(token.body.result.bytecode).toBeNull();
      expect(token.body.result.symbol).toBe(deployment.tokens[0]!.symbol);
      const balance = await api.get<{ status: boolean; message: string }>(apiPaths.balance(deployment.deployer));
      expect(balance.statusCode).toBe(503);
      expect(balance.body.status).toBe(false);
    } finally {
      api.ctx.rpc = rpc;
    }
  });
});
