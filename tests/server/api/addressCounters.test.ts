/**
 * /getAddressCounters on the devnet's traffic: for tokens, a DApp, a pair, the NFT collection,
 * the proxies, the deployer and an address never seen, each counter equals what the lists it
 * stands for answer (holdings, token transfers, internal transactions, withdrawals, events,
 * approvals), the kind equals the contract directory's, and verified and proxy what the contract
 * page says.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Wallet } from 'ethers';
import type { AddressCountersResponse, InternalTransactionsResponse, TokenHoldingsResponse } from '../../../common/api/addresses';
import type { ApprovalsPage } from '../../../common/api/approvals';
import type { ContractDetailResponse, TokenTransfersResponse } from '../../../common/api/tokens';
import type { AddressWithdrawalsResponse } from '../../../common/api/withdrawals';
import type { AddressEventsResponse } from '../../../common/api/logs';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import type { AddressDelegationResponse } from '../../../common/api/txKinds';
import { DELEGATION_PAGE_ROWS } from '../../../server/queries/txModern';
import { toJsonText } from '../../../server/db/schema';

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

  /** What the lists and the contract page answer for the address: the counters' truth. */
  const listsOf = async (address: string) => {
    const page = { address, page: 1, size: 1 };
    const holdings = (await api.get<TokenHoldingsResponse>(apiPaths.allTokenBalance(address))).body.result;
    const transfers = (await api.get<TokenTransfersResponse>(apiPaths.userTokenTx(page))).body;
    const internal = (await api.get<InternalTransactionsResponse>(apiPaths.internalTx(page))).body;
    const withdrawals = (await api.get<AddressWithdrawalsResponse>(apiPaths.withdrawals(page))).body;
    const events = (await api.get<AddressEventsResponse>(apiPaths.addressEvents(page))).body;
    const approvals = (await api.get<ApprovalsPage>(apiPaths.approvals(page))).body;
    const delegation = (await api.get<AddressDelegationResponse>(apiPaths.addressDelegation(address))).body.result;
    const detail = await api.get<ContractDetailResponse>(apiPaths.contractDetail(address));
    const contract = detail.statusCode === 200 ? detail.body.result : null;
    return {
      verified: contract?.verified === true,
      proxy: (contract?.proxy ?? null) !== null,
      tokens: holdings.filter((h) => !h.nft).length,
      nftCollections: holdings.filter((h) => h.nft).length,
      tokenTransfers: transfers.totalTransactions > 0,
      internalTxns: internal.totalTransactions > 0,
      withdrawals: withdrawals.totalTransactions > 0,
      events: events.totalTransactions > 0,
      approvals: approvals.totalTransactions > 0,
      // Issue #40: the newest of its EIP-7702 delegation changes.
      delegation: { ...delegation, history: delegation.history.slice(0, DELEGATION_PAGE_ROWS) },
    };
  };

  it('counts what the lists hold, for contracts of each kind and for accounts', async () => {
    const stranger = Wallet.createRandom().address;
    const proxies = deployment.proxies!;
    const cases: Array<[string, 'rbc20' | 'dapp' | null, boolean]> = [
      [deployment.tokens[0]!.address, 'rbc20', false],
      [deployment.router, 'dapp', false],
      [deployment.pairs[0]!.address, 'rbc20', false],
      [deployment.nft, 'dapp', true],
      [proxies.proxy, 'dapp', false],
      [proxies.clone, 'dapp', false],
      [proxies.implementations[1], 'dapp', false],
      [deployment.deployer, null, false],
      [stranger, null, false],
    ];
    const seen = new Map<string, boolean>();
    for (const [address, kind, nft] of cases) {
      const c = await countersOf(address);
      expect(c, address).toEqual({ contractType: kind, nft, ...(await listsOf(address)) });
      for (const [k, v] of Object.entries(c)) if (typeof v === 'boolean') seen.set(k, (seen.get(k) ?? false) || v);
    }
    // The traffic gives the deployer tokens and NFTs, and its contracts emit events.
    expect((await countersOf(deployment.deployer)).tokens).toBeGreaterThan(0);
    expect((await countersOf(deployment.tokens[0]!.address)).events).toBe(true);
    expect((await countersOf(proxies.proxy)).proxy).toBe(true);
    // These flags are true for some address here, so none is a constant (verified: the next test).
    for (const k of ['nft', 'proxy', 'tokenTransfers', 'internalTxns', 'events', 'approvals']) expect(seen.get(k), k).toBe(true);
  });

  it('marks a verified contract, as its contract page does', async () => {
    const splitter = deployment.splitter;
    expect((await countersOf(splitter)).verified).toBe(false);
    await getDb()
      .db.insertInto('contract_sources')
      .values({
        address: splitter,
        contract_name: 'RubySplitter',
        source: 'contract RubySplitter {}',
        abi: toJsonText([]),
        compiler_version: '0.8.28',
        compiler_settings: toJsonText({ optimizer: { enabled: false } }),
      })
      .execute();
    try {
      const c = await countersOf(splitter);
      expect(c).toEqual({ contractType: 'dapp', nft: false, ...(await listsOf(splitter)) });
      expect(c.verified).toBe(true);
    } finally {
      await getDb().db.deleteFrom('contract_sources').where('address', '=', splitter).execute();
    }
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
