/**
 * Approvals given and taken back by the traffic, so the Approvals tab has something to show on
 * the devnet: over every 8 steps one dev account gives a finite allowance (step 1), makes another
 * the operator of its NFTs (2), gives an unlimited allowance (3), then revokes the finite one (5),
 * the unlimited one (6) and the operator (7). Steps 4 and 8 are the proxy's (trafficProxies.ts).
 * Chosen by the step number, not the PRNG, so the seeded traffic is otherwise unchanged.
 */
import { Interface, MaxUint256 } from 'ethers';
import { erc20 } from './trafficContracts';
import type { PlannedTx } from './trafficPlan';
import type { TrafficWorld } from './trafficWorld';

const nftApprovals = new Interface(['function setApprovalForAll(address operator, bool approved)']);
const GAS = 70_000n;
const GWEI = 1_000_000_000n;
const FINITE = 1234n * 10n ** 16n; // 12.34 tokens

export function planApprovalChange(world: TrafficWorld, step: number): PlannedTx | null {
  const [owner, operator, spender, other] = [world.devs[2], world.devs[3], world.devs[4], world.devs[5]];
  if (!owner || !operator || !spender || !other) return null;
  const phase = step % 8;
  const call = (to: string, data: string): PlannedTx => ({
    kind: 'approve',
    sender: owner,
    to,
    value: 0n,
    data,
    gasLimit: GAS,
    tip: GWEI,
    legacy: false,
    expectFail: false,
  });
  const finiteToken = world.token(2);
  const unlimitedToken = world.token(0);
  switch (phase) {
    case 1:
      return call(finiteToken, erc20.encodeFunctionData('approve', [other.address, FINITE]));
    case 2:
      return call(world.deployment.nft, nftApprovals.encodeFunctionData('setApprovalForAll', [operator.address, true]));
    case 3:
      return call(unlimitedToken, erc20.encodeFunctionData('approve', [spender.address, MaxUint256]));
    case 5:
      return call(finiteToken, erc20.encodeFunctionData('approve', [other.address, 0n]));
    case 6:
      return call(unlimitedToken, erc20.encodeFunctionData('approve', [spender.address, 0n]));
    case 7:
      return call(world.deployment.nft, nftApprovals.encodeFunctionData('setApprovalForAll', [operator.address, false]));
    default:
      return null;
  }
}
