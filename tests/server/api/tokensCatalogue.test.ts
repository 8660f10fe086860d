/**
 * The RBC20 and DApp catalogues against the node: newest first with supplies and creators,
 * verified counts, 404 and 400 answers, the OpenAPI document.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatUnits } from 'ethers';
import type { ContractDetailResponse, ContractListResponse } from '../../../common/api/tokens';
import { toRubyAddress } from '../../../common/address';
import { hexToNumber } from '../../../server/chain/rpc';
import { toJsonText } from '../../../server/db/schema';
import type { TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths, openApiPaths } from '../../../common/api/paths';
import { SEL, chain, deployment, node, callUint, callString, creationTx, allTokens, dapps, useTokensChain } from './tokensFixture';

useTokensChain();

describeEachDatabase('tokens and contracts API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it('lists the RBC20 tokens and the NFT collection (issue #38) newest first with supplies and creators as the node has them', async () => {
    const res = await api.get<ContractListResponse>(apiPaths.tokensPage({ page: 1, size: 200 }));
    expect(res.statusCode).toBe(200);
    const list = res.body.result;
    expect(new Set(list.map((t) => t.contract_address))).toEqual(new Set([...allTokens(), deployment.nft].map(toRubyAddress)));
    expect(res.body).toMatchObject({
      status: true,
      totalContracts: 7,
      verifiedContracts: 0,
      totalTransactions: 7,
      totalPages: 1,
      currentPage: 1,
    });
    const blocks = list.map((t) => t.blockNumber);
    expect([...blocks].sort((a, b) => b - a)).toEqual(blocks);
    // The NFT collection, marked as one: its on-chain name and symbol, whole items (no decimals).
    const nft = deployment.nft.toLowerCase();
    expect(list.find((t) => t.isNft)).toMatchObject({
      contract_address: toRubyAddress(nft),
      contractname: await callString(nft, SEL.name),
      symbol: await callString(nft, SEL.symbol),
      decimals: null,
      owneraddress: toRubyAddress(deployment.deployer),
      verified: false,
    });
    expect(list.filter((t) => t.isNft)).toHaveLength(1);
    for (const t of list.filter((x) => !x.isNft)) {
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
    expect(p2.body).toMatchObject({ totalContracts: 7, totalPages: 2, currentPage: 2 });
  });

  it('lists the DApp contracts (router, splitter, the proxy set; the NFT collection is with the tokens) the same way', async () => {
    const res = await api.get<ContractListResponse>(apiPaths.contracts());
    expect(res.statusCode).toBe(200);
    const others = dapps().filter((a) => a !== deployment.nft);
    expect(new Set(res.body.result.map((c) => c.contract_address))).toEqual(new Set(others.map(toRubyAddress)));
    expect(res.body).toMatchObject({ totalContracts: others.length, verifiedContracts: 0, totalTransactions: others.length });
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
      // The NFT's transfers are listed since issue #19 (tests/server/api/nfts.test.ts); the router is no token.
      [apiPaths.tokenTx({ contractAddress: deployment.router, page: 1, size: 20 }), `Token ${toRubyAddress(deployment.router)} not found`],
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
});
