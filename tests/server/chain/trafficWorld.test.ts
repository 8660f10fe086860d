/**
 * The traffic generator's new wallets and receive-only addresses come round again after their
 * pools (issue #38: every account is a lasting entry in the devnet's state, so an endless supply
 * grew the state file for as long as the chain ran).
 */
import { describe, expect, it } from 'vitest';
import { devAccounts } from '../../../server/chain/devAccounts';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { FRESH_POOL, TrafficWorld, WALLET_POOL } from '../../../server/chain/trafficWorld';
import { TEST_MNEMONIC } from '../../helpers/devKeys';

// The world only names the deployment's contracts when planning; these tests never plan.
const world = () => new TrafficWorld({} as Deployment, 7, 0, devAccounts(TEST_MNEMONIC));

describe('traffic world pools', () => {
  it(`new wallets: ${WALLET_POOL} distinct, then the first again`, () => {
    const w = world();
    const seen = new Set<string>();
    for (let i = 0; i < WALLET_POOL; i++) seen.add(w.newWallet(1n, 1n).address);
    expect(seen.size).toBe(WALLET_POOL);
    const again = w.newWallet(5n, 6n);
    expect(again.address).toBe(world().newWallet(1n, 1n).address);
    // Met again, it starts over as new: its own funds, no router approval yet.
    expect(again).toMatchObject({ coin: 5n, rusd: 6n, swapFrom: Infinity, dev: false });
  });

  it(`receive-only addresses: ${FRESH_POOL} distinct, then the first again`, () => {
    const w = world();
    const seen = new Set<string>();
    for (let i = 0; i < FRESH_POOL; i++) seen.add(w.freshAddress());
    expect(seen.size).toBe(FRESH_POOL);
    expect(w.freshAddress()).toBe(world().freshAddress());
  });
});
