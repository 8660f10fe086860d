/**
 * The devnet's upgradeable contract and minimal proxy, so a newcomer sees both
 * resolved. Setup (after the other demo contracts, or on a restart whose record predates this):
 * RubyCounterV1 and RubyCounterV2 deployed; a RubyProxy (EIP-1967) in front of V1, initialised
 * for dev account 0; an EIP-1167 clone of V2 (the standard 55-byte runtime, created directly by
 * its init code); one call through each; then the proxy upgraded to V2 (an Upgraded event) and
 * called with V2's new function. Each step of the generator then calls one of them now and then.
 */
import { concat, Interface } from 'ethers';
import { compileContracts, type Artifact, type StandardJsonInput } from './compile';
import { sharedCompiler } from './compileWorker';
import type { ProxyDeployment } from './trafficContracts';
import type { PlannedTx } from './trafficPlan';
import { deployData, runPhase, SETUP_COMPILE_TIMEOUT_MS, type SetupContext } from './trafficSetup';
import type { TrafficWorld } from './trafficWorld';
import { GWEI } from './trafficSend';

export const counter = new Interface([
  'function initialize(address owner_)',
  'function increment()',
  'function add(uint256 n)',
  'function upgradeTo(address implementation)',
  'function count() view returns (uint256)',
  'function version() view returns (string)',
]);

/** EIP-1167 creation code: a 10-byte constructor that returns the 45-byte runtime delegating to `target`. */
export function cloneInitCode(target: string): string {
  return concat(['0x3d602d80600a3d3981f3363d3d373d3d3d363d73', target, '0x5af43d82803e903d91602b57fd5bf3']);
}

const CALL_GAS = 120_000n;

export async function deployProxies(ctx: SetupContext, art: (name: string) => Artifact): Promise<ProxyDeployment> {
  const deployer = ctx.accounts.wallet(0);
  const owner = deployer.address;
  const impls = await runPhase(ctx, [
    { label: 'deploy RubyCounterV1', wallet: deployer, to: null, data: deployData(art('RubyCounterV1')) },
    { label: 'deploy RubyCounterV2', wallet: deployer, to: null, data: deployData(art('RubyCounterV2')) },
  ]);
  const [v1, v2] = impls.map((r) => (r.contractAddress ?? '').toLowerCase());
  if (!v1 || !v2) throw new Error('setup: missing implementation address in a receipt');
  const created = await runPhase(ctx, [
    {
      label: 'deploy RubyProxy',
      wallet: deployer,
      to: null,
      data: deployData(art('RubyProxy'), [v1, counter.encodeFunctionData('initialize', [owner])]),
    },
    { label: 'deploy EIP-1167 clone', wallet: deployer, to: null, data: cloneInitCode(v2) },
  ]);
  const [proxy, clone] = created.map((r) => (r.contractAddress ?? '').toLowerCase());
  if (!proxy || !clone) throw new Error('setup: missing proxy address in a receipt');
  await runPhase(ctx, [
    { label: 'clone initialize', wallet: deployer, to: clone, data: counter.encodeFunctionData('initialize', [owner]) },
    { label: 'proxy increment', wallet: deployer, to: proxy, data: counter.encodeFunctionData('increment') },
  ]);
  await runPhase(ctx, [{ label: 'proxy upgrade', wallet: deployer, to: proxy, data: counter.encodeFunctionData('upgradeTo', [v2]) }]);
  await runPhase(ctx, [
    { label: 'proxy add', wallet: deployer, to: proxy, data: counter.encodeFunctionData('add', [5n]) },
    { label: 'clone increment', wallet: deployer, to: clone, data: counter.encodeFunctionData('increment') },
  ]);
  ctx.log(`traffic: deployed proxy ${proxy} (upgraded ${v1} → ${v2}) and clone ${clone}`);
  return { proxy, implementations: [v1, v2], clone };
}

/** Compiles contracts/ (cached) and deploys the proxy set. */
export async function setupProxies(ctx: SetupContext): Promise<ProxyDeployment> {
  const compile = (input: StandardJsonInput) => sharedCompiler().compile(input, SETUP_COMPILE_TIMEOUT_MS);
  const artifacts = await compileContracts(ctx.cacheDir ? { cacheDir: ctx.cacheDir, compile } : { compile });
  return deployProxies(ctx, (name) => {
    const a = artifacts[name];
    if (!a) throw new Error(`contracts/ has no contract ${name}`);
    return a;
  });
}

/**
 * Every fourth step: a dev account calls the proxy or the clone (increment, or add on the
 * proxy). Decided by the step number, not the PRNG, so the rest of the seeded plan is unchanged.
 */
export function planProxyCall(world: TrafficWorld, step: number): PlannedTx | null {
  const p = world.deployment.proxies;
  if (!p || step % 4 !== 0) return null;
  const round = step / 4;
  const sender = world.devs[round % world.devs.length];
  if (!sender) return null;
  const to = round % 2 === 0 ? p.proxy : p.clone;
  const data = to === p.proxy ? counter.encodeFunctionData('add', [BigInt((round % 9) + 1)]) : counter.encodeFunctionData('increment');
  return { kind: 'proxy', sender, to, value: 0n, data, gasLimit: CALL_GAS, tip: GWEI, legacy: false, expectFail: false };
}
