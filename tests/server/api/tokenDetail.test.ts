/**
 * One token or contract against the node: detail, transfers, the contract's own holdings, and
 * pages kept up while the node is down.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatUnits } from 'ethers';
import type { ContractDetailResponse, TokenDataResponse, TokenTransfersResponse } from '../../../common/api/tokens';
import { toRubyAddress } from '../../../common/address';
import { RpcClient, hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import type { TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';
import {
  ZERO,
  SEL,
  chain,
  deployment,
  node,
  callUint,
  callString,
  balanceOf,
  nodeTransfers,
  nodeTxsTo,
  creationTx,
  allTokens,
  useTokensChain,
} from './tokensFixture';

useTokensChain();

describeEachDatabase('tokens and contracts API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

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
