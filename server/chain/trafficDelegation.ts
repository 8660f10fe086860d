/**
 * EIP-7702 (type 4) traffic, so delegations are real on the devnet. One wallet
 * of the seed (the "delegator", never funded, never a sender: one account however long the
 * devnet runs) is delegated and cleared by turns, each time in a transaction a dev account sends
 * and pays for (a sponsored authorization, signed by the delegator for its nonce on the node):
 *  - step ≡ 2 (mod 10): delegate to RubyCounterV2's implementation and call increment() on the
 *    delegator itself, so the delegated code runs in the delegator's own storage;
 *  - step ≡ 7 (mod 10): delegate to the zero address, which clears the delegation.
 * Decided by the step number, not the PRNG, so the rest of the seeded plan is unchanged.
 */
import { Wallet, ZeroAddress, keccak256, solidityPacked, type Authorization } from 'ethers';
import type { PlannedTx } from './trafficPlan';
import { counter } from './trafficProxies';
import { GWEI } from './trafficSend';
import type { TrafficWorld } from './trafficWorld';

export const DELEGATION_PERIOD = 10;
/** Enough for 21,000 + 25,000 per authorization + increment() writing a fresh slot. */
const DELEGATION_GAS = 150_000n;

export type DelegationPhase = 'set' | 'clear';

export function delegationPhase(step: number): DelegationPhase | null {
  const m = step % DELEGATION_PERIOD;
  return m === 2 ? 'set' : m === 7 ? 'clear' : null;
}

/** The seed's delegator wallet: the same on every restart (its nonce is read from the node). */
export function delegatorWallet(seed: number): Wallet {
  return new Wallet(keccak256(solidityPacked(['string', 'uint256'], ['ruby-traffic-delegator', seed])));
}

/** The step's delegation transaction, or null on other steps (or before the proxies exist). */
export function planDelegation(
  world: TrafficWorld,
  step: number,
  delegator: Wallet,
  delegatorNonce: number,
  chainId: number,
): PlannedTx | null {
  const phase = delegationPhase(step);
  const target = world.deployment.proxies?.implementations[1];
  const sponsor = world.devs[Math.floor(step / DELEGATION_PERIOD) % world.devs.length];
  if (!phase || !target || !sponsor) return null;
  const auth: Authorization = delegator.authorizeSync({
    address: phase === 'set' ? target : ZeroAddress,
    nonce: delegatorNonce,
    chainId,
  });
  return {
    kind: 'delegate',
    note: phase,
    sender: sponsor,
    to: delegator.address.toLowerCase(),
    value: 0n,
    data: phase === 'set' ? counter.encodeFunctionData('increment') : '0x',
    gasLimit: DELEGATION_GAS,
    tip: GWEI,
    legacy: false,
    expectFail: false,
    authorizationList: [auth],
  };
}
