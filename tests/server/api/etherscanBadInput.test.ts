/**
 * Every action of the Etherscan-style API with hostile parameters (not addresses, not numbers,
 * negative, huge, reversed, injected quotes, repeated keys, JSON bodies): always HTTP 200 with
 * Etherscan's envelope (or the proxy's JSON-RPC one), never a 500, on /api and /api/v2/api.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';

const ACTIONS: Record<string, string[]> = {
  account: [
    'balance',
    'balancemulti',
    'txlist',
    'txlistinternal',
    'tokentx',
    'tokennfttx',
    'tokenbalance',
    'getminedblocks',
    'balancehistory',
    'tokenbalancehistory',
    'addresstokenbalance',
    'addresstokennftbalance',
    'addresstokennftinventory',
  ],
  contract: ['getabi', 'getsourcecode', 'checkverifystatus', 'getcontractcreation', 'verifysourcecode'],
  transaction: ['getstatus', 'gettxreceiptstatus'],
  block: ['getblockreward', 'getblocknobytime', 'getblockcountdown'],
  logs: ['getLogs'],
  token: ['tokensupply', 'tokeninfo', 'tokenholderlist', 'tokenholdercount'],
  stats: ['ethsupply', 'ethprice', 'tokensupply'],
  proxy: [
    'eth_blockNumber',
    'eth_getBlockByNumber',
    'eth_getTransactionByHash',
    'eth_getTransactionReceipt',
    'eth_call',
    'eth_getCode',
    'eth_getStorageAt',
    'eth_gasPrice',
    'eth_estimateGas',
    'eth_getTransactionCount',
    'eth_sendRawTransaction',
  ],
};
const NAMES = [
  'address',
  'contractaddress',
  'contractaddresses',
  'txhash',
  'startblock',
  'endblock',
  'fromBlock',
  'toBlock',
  'page',
  'offset',
  'sort',
  'blockno',
  'timestamp',
  'closest',
  'topic0',
  'topic1',
  'topic0_1_opr',
  'tag',
  'boolean',
  'to',
  'data',
  'position',
  'hex',
  'guid',
  'index',
  'id',
];
const VALUES = [
  '',
  'x',
  "0x'; DROP TABLE logs; --",
  '-1',
  '0',
  '99999999999999999999999',
  '1e9',
  '0x',
  `0x${'f'.repeat(64)}`,
  'r'.repeat(41),
  'latest',
  'asc,desc',
  '%00',
  '\u{1F600}',
  `0x${'1'.repeat(40)},0x12`,
];

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 3 });
}, 300_000);
afterAll(() => chain?.stop());

describeEachDatabase('Etherscan API with bad input', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  }, 300_000);
  afterAll(() => api?.close());

  it("never answers a 500, and always in Etherscan's shapes", async () => {
    let n = 0;
    for (const [mod, actions] of Object.entries(ACTIONS)) {
      for (const action of actions) {
        for (const [i, value] of VALUES.entries()) {
          // Every parameter set to the same bad value, and a mix of them.
          const mixed = NAMES.map((name, j) => `${name}=${encodeURIComponent(VALUES[(i + j) % VALUES.length]!)}`).join('&');
          const same = NAMES.map((name) => `${name}=${encodeURIComponent(value)}`).join('&');
          for (const [path, query] of [
            [apiPaths.etherscan(), `module=${mod}&action=${action}&${same}`],
            [apiPaths.etherscanV2(), `chainid=18215&module=${mod}&action=${action}&${mixed}`],
          ] as const) {
            const res = await api.app.inject({ method: 'GET', url: `${path}?${query}` });
            n++;
            expect(res.statusCode, `${path}?${query}`).toBe(200);
            const body = res.json() as Record<string, unknown>;
            if (mod === 'proxy' && body.jsonrpc === '2.0') expect('result' in body || 'error' in body, query).toBe(true);
            else expect(['0', '1'], `${path}?${query} → ${res.body.slice(0, 200)}`).toContain(body.status);
          }
        }
      }
    }
    expect(n).toBeGreaterThan(1000);
    // Repeated keys, a JSON body, and a body too large for a form.
    expect(
      (
        await api.app.inject({
          method: 'GET',
          url: `${apiPaths.etherscan()}?module=account&module=stats&action=balance&address=1&address=2`,
        })
      ).statusCode,
    ).toBe(200);
    const json = await api.app.inject({
      method: 'POST',
      url: apiPaths.etherscan(),
      payload: { module: 'account', action: 'balance', address: { nested: true } },
    });
    expect(json.json()).toMatchObject({ status: '0', message: 'NOTOK' });
    const big = await api.app.inject({
      method: 'POST',
      url: apiPaths.etherscan({ module: 'account', action: 'balance' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `x=${'a'.repeat(9 * 1024 * 1024)}`,
    });
    expect(big.statusCode).toBe(200);
    expect(big.json()).toMatchObject({ status: '0', message: 'NOTOK' });
  }, 600_000);
});
