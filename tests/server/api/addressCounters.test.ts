/**
 * /getAddressCounters on the devnet's traffic: for tokens, a DApp, a pair, the NFT collection,
 * the deployer and an address never seen, each counter equals what the lists it stands for
 * answer (holdings, withdrawals, events), and the kind equals the contract directory's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Wallet } from 'ethers';
import type { AddressCountersResponse, TokenHoldingsResponse } from '../../../common/api/addresses';
import type { AddressWithdrawalsResponse } from '../../../common/api/withdrawals';
import type { AddressEventsResponse } from '../../../common/api/logs';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import type { AddressDelegationResponse } from '../../../common/api/txKinds';
import { DELEGATION_PAGE_ROWS } from '../../../server/queries/txModern';

let chain: IndexedChain;
let deployment: Deployment;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 8 });
  deployment = await chain.traffic.setup();
}, 180_000);
afterAll(() => chain?.stop());

describeEachDatabase('address counters', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  const countersOf = async (address: string) => {
    const res = await api.get<AddressCountersResponse>(apiPaths.addressCounters(address));
    expect(res.statusCode, address).toBe(200);
    return res.body.result;
  };

  it('counts what the lists hold, for contracts of each kind and for accounts', async () => {
    const stranger = Wallet.createRandom().address;
    const cases: Array<[string, 'rbc20' | 'dapp' | null, boolean]> = [
      [deployment.tokens[0]!.address, 'rbc20', false],
      [deployment.router, 'dapp', false],
      [deployment.pairs[0]!.address, 'rbc20', false],
      [deployment.nft, 'dapp', true],
      [deployment.deployer, null, false],
      [stranger, null, false],
    ];
    for (const [address, kind, nft] of cases) {
      const c = await countersOf(address);
      const page = { address, page: 1, size: 200 };
      const holdings = (await api.get<TokenHoldingsResponse>(apiPaths.allTokenBalance(address))).body.result;
      const withdrawals = (await api.get<AddressWithdrawalsResponse>(apiPaths.withdrawals(page))).body;
      const events = (await api.get<AddressEventsResponse>(apiPaths.addressEvents(page))).body;
      const delegation = (await api.get<AddressDelegationResponse>(apiPaths.addressDelegation(address))).body.result;
      expect(c, address).toEqual({
        contractType: kind,
        nft,
        tokens: holdings.filter((h) => !h.nft).length,
        nftCollections: holdings.filter((h) => h.nft).length,
        withdrawals: withdrawals.totalTransactions > 0,
        events: events.totalTransactions > 0,
        // Issue #40: the newest of its EIP-7702 delegation changes.
        delegation: { ...delegation, history: delegation.history.slice(0, DELEGATION_PAGE_ROWS) },
      });
    }
    // The traffic gives the deployer tokens and NFTs, and its contracts emit events.
    expect((await countersOf(deployment.deployer)).tokens).toBeGreaterThan(0);
    expect((await countersOf(deployment.tokens[0]!.address)).events).toBe(true);
  });

  it('takes the address in any form and refuses a malformed one with a 400', async () => {
    const token = deployment.tokens[0]!.address;
    const a = await countersOf(token.toLowerCase());
    expect(await countersOf(toRubyAddress(token))).toEqual(a);
    const bad = await api.get<{ status: boolean; message: string }>(apiPaths.addressCounters('r123'));
    expect(bad.statusCode).toBe(400);
    expect(bad.body.status).toBe(false);
  });
});
