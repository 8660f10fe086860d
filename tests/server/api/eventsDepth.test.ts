/**
 * Issue #45 item 7, deep OFFSETs: a contract's Events tab (/getAddressEvents) over 21,000 real
 * logs (a contract on the devnet emits Ping(n) for n = 0, 1, 2, …). The first and the last pages
 * are read from their own end of logs_address_idx and match the emission order; a page deeper
 * than MAX_PAGE_DEPTH rows from both ends is a 400 with a clear message, never a long scan; the
 * lists read by OFFSET from their newest end only refuse pages past their first 10,000 rows.
 */
import { Interface } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AddressEventsResponse } from '../../../common/api/logs';
import { compileSolidity } from '../../../server/chain/compile';
import { toHexQuantity } from '../../../server/chain/rpc';
import { MAX_PAGE_DEPTH } from '../../../server/core/params';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths, rawApiPath, type ApiRouteName } from '../../../common/api/paths';

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Pinger {
    uint256 public next;
    event Ping(uint256 indexed n);
    function ping(uint256 count) external {
        uint256 n = next;
        for (uint256 i = 0; i < count; i++) emit Ping(n + i);
        next = n + count;
    }
}`;
const PER_TX = 1_000;
const TXS = 21;
const TOTAL = PER_TX * TXS;
const SIZE = 200;

let chain: IndexedChain;
let pinger: string;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
  const compiled = await compileSolidity({ 'Pinger.sol': SOURCE });
  expect(compiled.errors.filter((e) => e.severity === 'error')).toEqual([]);
  const artifact = compiled.artifacts.find((a) => a.contractName === 'Pinger')!;
  const from = (await chain.rpc.call<string[]>('eth_accounts'))[0]!;
  const send = async (tx: { to?: string; data: string }) => {
    const hash = await chain.rpc.call<string>('eth_sendTransaction', [{ from, ...tx, gas: toHexQuantity(15_000_000n) }]);
    await chain.rpc.call('evm_mine', []);
    const r = await chain.rpc.call<{ status: string; contractAddress: string | null }>('eth_getTransactionReceipt', [hash]);
    expect(r.status).toBe('0x1');
    return r;
  };
  pinger = (await send({ data: artifact.bytecode })).contractAddress!.toLowerCase();
  const data = new Interface(['function ping(uint256 count)']).encodeFunctionData('ping', [PER_TX]);
  for (let i = 0; i < TXS; i++) await send({ to: pinger, data });
}, 300_000);
afterAll(() => chain?.stop());

/** The n of each Ping on a page (its indexed topic). */
const ns = (body: AddressEventsResponse) => body.result.map((l) => Number(BigInt(l.topics[1]!)));
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

describeEachDatabase('a contract with 21,000 events', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  }, 300_000);
  afterAll(() => api?.close());

  const page = (p: number) => api.get<AddressEventsResponse>(apiPaths.addressEvents({ address: pinger, page: p, size: SIZE }));

  it('pages from the newest end and from the oldest end, in emission order', async () => {
    const first = await page(1);
    expect(first.statusCode).toBe(200);
    expect(first.body.totalTransactions).toBe(TOTAL);
    expect(ns(first.body)).toEqual(range(TOTAL - 1, TOTAL - SIZE));
    const lastPage = TOTAL / SIZE; // 105: the oldest 200
    const last = await page(lastPage);
    expect(last.statusCode).toBe(200);
    expect(ns(last.body)).toEqual(range(SIZE - 1, 0));
    const olderHalf = await page(lastPage - 2); // rows 20,400..20,599 from the newest
    expect(ns(olderHalf.body)).toEqual(range(TOTAL - 1 - 20_400, TOTAL - 20_600));
    const deepest = MAX_PAGE_DEPTH / SIZE; // the last page within the newest 10,000
    expect(ns((await page(deepest)).body)).toEqual(range(TOTAL - 1 - (deepest - 1) * SIZE, TOTAL - deepest * SIZE));
  });

  it('refuses a page deeper than 10,000 rows from both ends with a 400 that says so', async () => {
    const middle = await page(53); // rows 10,400..10,599: 10,600 from the oldest end
    expect(middle.statusCode).toBe(400);
    expect((middle.body as unknown as { message: string }).message).toMatch(
      /^Page 53 is too deep: only the newest and the oldest 10,000 rows/,
    );
    // Past the end stays an empty page, as before.
    const past = await page(1_000);
    expect(past.statusCode).toBe(200);
    expect(past.body.result).toEqual([]);
  });

  it('refuses pages past the first 10,000 rows of the lists read by OFFSET from their newest end', async () => {
    const a = pinger;
    const lists: Array<[ApiRouteName, ...string[]]> = [
      ['tokensPage'],
      ['contractsPage'],
      ['topAccountsPage'],
      ['tokenTx', a],
      ['tokenHolders', a],
      ['nftInventory', a],
      ['addressNfts', a],
      ['userTokenTx', a],
      ['internalTx', a],
      ['withdrawals', a],
      ['oneTokenTx', a, a],
    ];
    for (const [name, ...args] of lists) {
      const deep = await api.get<{ message: string }>(rawApiPath(name, ...args, '51', '200'));
      expect([name, deep.statusCode]).toEqual([name, 400]);
      expect(deep.body.message).toBe(
        'Page 51 is too deep: only the first 10,000 rows of this list can be paged to (page × size up to 10,000)',
      );
      // The last page within the first 10,000 is not refused for its depth.
      const within = await api.get<{ message?: string }>(rawApiPath(name, ...args, '50', '200'));
      expect([name, within.body.message ?? '']).not.toEqual([name, expect.stringMatching(/too deep/)]);
    }
  });
});
