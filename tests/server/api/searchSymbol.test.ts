/** Issue #25, item 9: a token's symbol ('RUSD') finds the token in the name suggestions. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import type { SearchContractResponse } from '../../../common/api/search';
import type { Deployment } from '../../../server/chain/traffic';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { apiPaths } from '../../../common/api/paths';

let chain: IndexedChain;
let deployment: Deployment;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 4 });
  deployment = await chain.traffic.setup();
});
afterAll(() => chain?.stop());

describeEachDatabase('search suggestions by token symbol', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it('every sample token is found by its symbol, in any case, first in the answer', async () => {
    expect(deployment.tokens.length).toBeGreaterThan(0);
    for (const t of deployment.tokens) {
      // The symbol is not part of the name ('RUSD' vs 'Ruby Dollar'): only the symbol can match.
      expect(t.name.toLowerCase()).not.toContain(t.symbol.toLowerCase());
      for (const q of [t.symbol, t.symbol.toLowerCase()]) {
        const res = await api.get<SearchContractResponse>(apiPaths.searchContract({ q }));
        expect(res.statusCode).toBe(200);
        expect(res.body.result[0], `?q=${q}`).toEqual({
          contractname: t.name,
          contract_address: toRubyAddress(t.address),
          contractType: 'rbc20',
          symbol: t.symbol,
        });
      }
    }
  });

  it('a symbol substring matches too, and a term matching neither name nor symbol finds nothing', async () => {
    const rusd = deployment.tokens.find((t) => t.symbol === 'RUSD')!;
    const part = await api.get<SearchContractResponse>(apiPaths.searchContract({ q: 'USD' }));
    expect(part.body.result.map((c) => c.contract_address)).toContain(toRubyAddress(rusd.address));
    const none = await api.get<SearchContractResponse>(apiPaths.searchContract({ q: 'QQZZXX' }));
    expect(none.body.result).toEqual([]);
  });
});
