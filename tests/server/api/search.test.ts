import { Interface } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import type { SearchContractResponse, SearchDataResponse } from '../../../common/api/search';
import { hexToNumber, toHexQuantity } from '../../../server/chain/rpc';
import type { Deployment } from '../../../server/chain/traffic';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths, openApiPaths, rawApiPath } from '../../../common/api/paths';

let chain: IndexedChain;
let deployment: Deployment;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 8 });
  deployment = await chain.traffic.setup();
});
afterAll(() => chain?.stop());

const named = new Interface(['function name() view returns (string)']);
const NO_RESULTS = { status: false, message: 'No results found' };

/** name() of a contract as the node answers it, or null when it has none. */
async function nodeName(address: string): Promise<string | null> {
  try {
    const out = await chain.rpc.call<string>('eth_call', [{ to: address, data: named.encodeFunctionData('name') }, 'latest']);
    return named.decodeFunctionResult('name', out)[0] as string;
  } catch {
    return null;
  }
}

/** Mixed case: every other hex letter upper-cased. */
function mixedCase(s: string): string {
  let i = 0;
  return s.replace(/[a-f]/gi, (c) => (i++ % 2 ? c.toUpperCase() : c.toLowerCase()));
}

describeEachDatabase('search API', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  const search = (term: string) => api.get<SearchDataResponse>(apiPaths.searchData(term));

  it('lists every named contract: the tokens as rbc20, named DApps as dapp; unnamed ones are left out', async () => {
    const res = await api.get<SearchContractResponse>(apiPaths.searchContract());
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
    const byAddress = new Map(res.body.result.map((c) => [c.contract_address, c]));
    for (const t of deployment.tokens) {
      expect(byAddress.get(toRubyAddress(t.address))).toEqual({
        contractname: t.name,
        contract_address: toRubyAddress(t.address),
        contractType: 'rbc20',
        symbol: t.symbol,
      });
    }
    // The pools are RBC20 tokens too (the LP token).
    for (const p of deployment.pairs) expect(byAddress.get(toRubyAddress(p.address))?.contractType).toBe('rbc20');
    // The NFT answers name(): a named DApp, marked as an NFT collection (ERC-165, issue #19) so the
    // search opens its token page. The router and the splitter have no name.
    expect(byAddress.get(toRubyAddress(deployment.nft))).toEqual({
      contractname: await nodeName(deployment.nft),
      contract_address: toRubyAddress(deployment.nft),
      contractType: 'dapp',
      nft: true,
      symbol: 'GEM',
    });
    expect(await nodeName(deployment.router)).toBeNull();
    expect(byAddress.has(toRubyAddress(deployment.router))).toBe(false);
    expect(byAddress.has(toRubyAddress(deployment.splitter))).toBe(false);
    expect(res.body.result).toHaveLength(deployment.tokens.length + deployment.pairs.length + 1);
  });

  it('filters names by substring, case-insensitive, exact and prefix matches first, at most 20', async () => {
    const gold = deployment.tokens.find((t) => t.symbol === 'RGLD')!;
    const one = await api.get<SearchContractResponse>(apiPaths.searchContract({ q: 'gOLd' }));
    expect(one.body.result).toEqual([
      { contractname: gold.name, contract_address: toRubyAddress(gold.address), contractType: 'rbc20', symbol: gold.symbol },
    ]);
    const exact = await api.get<SearchContractResponse>(apiPaths.searchContract({ q: gold.name.toUpperCase() }));
    expect(exact.body.result[0]?.contract_address).toBe(toRubyAddress(gold.address));
    const many = await api.get<SearchContractResponse>(apiPaths.searchContract({ q: 'ruby' }));
    expect(many.body.result.length).toBe(deployment.tokens.length + deployment.pairs.length + 1);
    expect(many.body.result.length).toBeLessThanOrEqual(20);
    // LIKE wildcards are literal characters; hostile queries find nothing and fail nothing.
    for (const q of ['%', '_', '\\', "'; DROP TABLE contracts; --", '💎', 'x'.repeat(5000), '%00', '\u0000', 'gold\u0000']) {
      const res = await api.get<SearchContractResponse>(apiPaths.searchContract({ q }));
      expect(res.statusCode, q.slice(0, 20)).toBe(200);
      expect(res.body).toEqual({ status: true, result: [] });
    }
    const empty = await api.get<SearchContractResponse>(apiPaths.searchContract({ q: '' }));
    expect(empty.body.result.length).toBe(many.body.result.length);
  });

  it('resolves block numbers and block hashes to blocks', async () => {
    const head = hexToNumber(await chain.rpc.call<string>('eth_blockNumber'));
    expect(await search(String(head)).then((r) => r.body)).toEqual({ status: true, result: 'block', value: head });
    expect(await search('0').then((r) => r.body)).toEqual({ status: true, result: 'block', value: 0 });
    expect(await search(` ${head - 1} `).then((r) => r.body)).toEqual({ status: true, result: 'block', value: head - 1 });
    const block = await chain.rpc.call<{ hash: string }>('eth_getBlockByNumber', [toHexQuantity(3), false]);
    const byHash = await search(`0x${mixedCase(block.hash.slice(2))}`);
    expect(byHash.statusCode).toBe(200);
    expect(byHash.body).toEqual({ status: true, result: 'block', value: 3 });
    const beyond = await search(String(head + 1000));
    expect(beyond.statusCode).toBe(404);
    expect(beyond.body).toEqual(NO_RESULTS);
  });

  it('resolves transaction hashes in any case to transactions', async () => {
    const block = await chain.rpc.call<{ transactions: string[] }>('eth_getBlockByNumber', [toHexQuantity(5), false]);
    const hash = block.transactions[0]!;
    for (const term of [hash, `0x${hash.slice(2).toUpperCase()}`, `0x${mixedCase(hash.slice(2))}`, hash.slice(2)]) {
      const res = await search(term);
      expect(res.statusCode, term).toBe(200);
      expect(res.body).toEqual({ status: true, result: 'transaction', value: hash.toLowerCase() });
    }
    // 64 hex digits that are neither a transaction nor a block.
    const unknown = await search(`0x${'12'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toEqual(NO_RESULTS);
  });

  it('resolves addresses (r… or 0x…, any case, seen or not) to the address page in the r form', async () => {
    const [account] = await chain.rpc.call<string[]>('eth_accounts');
    const lower = account!.toLowerCase();
    const expected = toRubyAddress(lower);
    for (const term of [
      lower,
      `0x${lower.slice(2).toUpperCase()}`,
      `0X${mixedCase(lower.slice(2))}`,
      `r${lower.slice(2)}`,
      `r${mixedCase(lower.slice(2))}`,
      `R${lower.slice(2).toUpperCase()}`,
      expected,
    ]) {
      const res = await search(term);
      expect(res.statusCode, term).toBe(200);
      expect(res.body).toEqual({ status: true, result: 'alladdress', value: expected });
    }
    const never = `0x${'9'.repeat(40)}`;
    expect((await search(never)).body).toEqual({ status: true, result: 'alladdress', value: toRubyAddress(never) });
    expect((await search(toRubyAddress(deployment.tokens[0]!.address))).body).toMatchObject({ result: 'alladdress' });
  });

  it('answers 404 "No results found" for anything else, never a 5xx, even for hostile terms', async () => {
    const hostile = [
      'hello',
      'Ruby Gold',
      '-1',
      '1.5',
      '1e3',
      '0x',
      '0x123',
      `0x${'a'.repeat(39)}`,
      `0x${'a'.repeat(41)}`,
      `r${'a'.repeat(39)}`,
      `0x${'a'.repeat(63)}`,
      '99999999999999999999',
      '💎',
      'Ωmega',
      '\u0000',
      "'; DROP TABLE blocks; --",
      "' OR 1=1 --",
      '%',
      '%%',
      '_',
      '../',
      '../../etc/passwd',
      '.../',
      '<script>alert(1)</script>',
      ' ',
      'x'.repeat(10_000),
      '9'.repeat(10_000),
      `0x${'f'.repeat(10_000)}`,
      'a/b',
      '?q=1',
      '#1',
    ];
    for (const term of hostile) {
      const res = await search(term);
      expect(res.statusCode, JSON.stringify(term).slice(0, 40)).toBe(404);
      expect(res.body).toEqual(NO_RESULTS);
    }
    // Raw, not URI-encoded (a '..' segment is resolved by the client itself): still a JSON error body, never a 5xx.
    for (const raw of [
      apiPaths.searchData('..'),
      rawApiPath('searchData', '%'),
      rawApiPath('searchData', '%E0%A4%A'),
      rawApiPath('searchData', ''),
      rawApiPath('searchData', "'%20OR%201=1"),
      rawApiPath('searchData', 'a', 'b', 'c'),
    ]) {
      const res = await api.get<{ status: boolean; message: string }>(raw);
      expect(res.statusCode, raw).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, raw).toBeLessThan(500);
      expect(res.body.status, raw).toBe(false);
    }
  });

  it('publishes the routes in the OpenAPI document', async () => {
    const res = await api.get<{ paths: Record<string, unknown> }>(apiPaths.openapi());
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining([apiPaths.searchContract(), openApiPaths.searchData]));
    expect(Object.keys(res.body.paths)).not.toContain(apiPaths.searchData('*'));
  });
});
