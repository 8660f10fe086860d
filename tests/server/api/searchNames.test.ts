/**
 * Issue #38 items 5 and 15, against the devnet and PGlite: search finds an address by its public name tag ('Ruby
 * DEX Router', 'Ruby Splitter DApp', the pairs' 'RGLD/RUSD LP'), in the suggestions (with the tag, so the three
 * 'Ruby LP' pairs read apart) and on Enter (/searchdata/{tag}); the verified NFT collection reads by its on-chain
 * name() 'Ruby Gems', not its Solidity name 'RubyNFT', in the suggestions, the lists and its own page; each
 * suggestion carries the token's symbol, which the search box's Enter matches exactly. Enter (the search flow's rule,
 * src/lib/searchFlow.ts, over the list this server answers) resolves a symbol, a name or a tag without waiting for
 * the suggestions.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import type { SearchContractResponse, SearchDataResponse } from '../../../common/api/search';
import type { ContractListResponse, TokenDataResponse } from '../../../common/api/tokens';
import { deploymentFile, deploymentTags } from '../../../server/core/nameTags';
import { writeDeployment, type Deployment } from '../../../server/chain/trafficContracts';
import { contractTarget, matchContract } from '../../../src/lib/searchFlow';
import { urls } from '../../../src/app/urls';
import { verifySamples } from '../../../server/chain/trafficVerify';
import { openDatabase, type Database } from '../../../server/db/database';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';

let chain: IndexedChain;
let deployment: Deployment;
let database: Database;
let api: TestApi;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 3 });
  deployment = await chain.traffic.setup();
  // As server/app.ts has the traffic generator record it (the devnet's name tags come from it).
  await writeDeployment(deploymentFile(chain.dir), deployment);
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  api = await chain.api(database);
  // The NFT verified as the product verifies its samples (its source names the contract 'RubyNFT'); the router and
  // the splitter come with it (sampleContracts), the tokens and pairs are left out to save compilations.
  const post = async (fields: Record<string, string>) =>
    (await api.app.inject({ method: 'POST', url: apiPaths.etherscan(), payload: fields })).json();
  const done = await verifySamples({ ...deployment, tokens: [], pairs: [] }, { post, retryMs: 500, timeoutMs: 600_000 });
  expect(done).toContain(deployment.nft);
}, 900_000);
afterAll(async () => {
  await api?.close();
  await database?.close();
  await chain?.stop();
});

const suggest = async (q: string) => {
  const res = await api.get<SearchContractResponse>(apiPaths.searchContract({ q }));
  expect(res.statusCode, `${q}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.result;
};

it('a name tag finds its address: first in the suggestions (any case) and on Enter', async () => {
  const tags = deploymentTags(deployment);
  expect(tags.size).toBeGreaterThanOrEqual(4);
  for (const [address, tag] of tags) {
    for (const q of [tag, tag.toUpperCase()]) {
      const [first] = await suggest(q);
      expect(first?.contract_address, q).toBe(toRubyAddress(address));
      expect(first?.tag, q).toBe(tag);
    }
    const kind = await api.get<SearchDataResponse>(apiPaths.searchData(tag.toLowerCase()));
    expect(kind.body, tag).toEqual({ status: true, result: 'alladdress', value: toRubyAddress(address) });
  }
  expect((await suggest('Ruby Splitter'))[0]?.contract_address).toBe(toRubyAddress(deployment.splitter));
});

it("the verified NFT collection reads by its on-chain name 'Ruby Gems' in search, the lists and its page", async () => {
  const nft = toRubyAddress(deployment.nft);
  const [first] = await suggest('Ruby Gems');
  expect(first).toMatchObject({ contractname: 'Ruby Gems', contract_address: nft, nft: true, symbol: 'GEM' });
  const all = await api.get<SearchContractResponse>(apiPaths.searchContract());
  expect(all.body.result.find((c) => c.contract_address === nft)?.contractname).toBe('Ruby Gems');
  // An NFT collection is listed with the tokens (/Tokens), marked as one (issue #38 defect 19).
  const tokens = await api.get<ContractListResponse>(apiPaths.tokensPage({ page: 1, size: 100 }));
  const row = tokens.body.result.find((c) => c.contract_address === nft);
  expect(row).toMatchObject({ contractname: 'Ruby Gems', verified: true, isNft: true });
  const contracts = await api.get<ContractListResponse>(apiPaths.contractsPage({ page: 1, size: 100 }));
  expect(contracts.body.result.find((c) => c.contract_address === nft)).toBeUndefined();
  const page = await api.get<TokenDataResponse>(apiPaths.tokenData(nft));
  expect(page.statusCode, JSON.stringify(page.body)).toBe(200);
  expect(page.body.result.name).toBe('Ruby Gems');
});

it("the DEX pairs' suggestions differ: each carries its pair's tag and its own address", async () => {
  const pairs = (await suggest('Ruby LP')).filter((c) => deployment.pairs.some((p) => toRubyAddress(p.address) === c.contract_address));
  expect(pairs).toHaveLength(deployment.pairs.length);
  expect(new Set(pairs.map((c) => c.tag)).size).toBe(deployment.pairs.length);
  for (const p of deployment.pairs) {
    expect(pairs.find((c) => c.contract_address === toRubyAddress(p.address))?.tag).toBe(`${p.symbols[0]}/${p.symbols[1]} LP`);
  }
});

it('a suggestion carries its token symbol; a term matching no name, symbol or tag finds nothing', async () => {
  for (const t of deployment.tokens)
    expect((await suggest(t.symbol))[0]).toMatchObject({ contract_address: toRubyAddress(t.address), symbol: t.symbol });
  expect(await suggest('QQZZXX')).toEqual([]);
  const none = await api.get(apiPaths.searchData('Ruby DEX Routers'));
  expect(none.statusCode).toBe(404);
});

it("Enter resolves a symbol, a token's name, a tag or the NFT's name from the flow's list, in any case", async () => {
  const res = await api.get<SearchContractResponse>(apiPaths.searchContract());
  const list = res.body.result;
  const target = (term: string) => {
    const hit = matchContract(term, list);
    return hit ? contractTarget(hit) : null;
  };
  for (const t of deployment.tokens) {
    for (const term of [t.symbol, t.symbol.toLowerCase(), t.name.toUpperCase()])
      expect(target(term), term).toBe(urls.tokenDetail(toRubyAddress(t.address)));
  }
  expect(target('ruby dex router')).toBe(urls.contractDetail(toRubyAddress(deployment.router)));
  expect(target('Ruby Splitter DApp')).toBe(urls.contractDetail(toRubyAddress(deployment.splitter)));
  expect(target('Ruby Gems')).toBe(urls.tokenDetail(toRubyAddress(deployment.nft)));
  for (const p of deployment.pairs) expect(target(`${p.symbols[0]}/${p.symbols[1]} LP`)).toBe(urls.tokenDetail(toRubyAddress(p.address)));
  expect(target('Ruby')).toBeNull();
});
