/**
 * The devnet traffic generator: deploys the demo contracts once (see trafficSetup.ts), then sends
 * one block's worth of a realistic mix per block (see trafficPlan.ts).
 *
 * Invariants:
 * - Every choice comes from a PRNG seeded with `seed`: on a fresh chain that is mined block by
 *   block, the same seed sends the same transactions (senders, recipients, amounts, kinds, fees).
 * - Nonces come from the node's pending count at the start of each step, then count up locally,
 *   so a step never waits for receipts, and a node restart (which drops the pool) heals by itself.
 */
import { RpcClient, hexToBigInt } from './rpc';
import { batchOf, blockNumber, chainId as readChainId, groupsOf, rpcCalls, settledGroupsOf } from './rpcActions';
import { DevAccounts } from './devAccounts';
import { createPrng, type Prng } from './prng';
import { deploymentAddresses, readDeployment, router, writeDeployment, type Deployment } from './trafficContracts';
import { encodeSwap, planStep, type TxKind } from './trafficPlan';
import { miningMode, sendRaw, signTx, type MiningMode } from './trafficSend';
import { deployAll } from './trafficSetup';
import { planProxyCall, setupProxies } from './trafficProxies';
import { delegationPhase, delegatorWallet, planDelegation } from './trafficDelegation';
import { planApprovalChange } from './trafficApprovals';
import { TrafficWorld } from './trafficWorld';

export { DevAccounts };
export type { Deployment, TxKind };

export interface TrafficOptions {
  rpcUrl: string;
  seed: number;
  /** The devnet's funded accounts (Devnet.accounts): the deployer and the senders. */
  accounts: DevAccounts;
  /** Where the deployment record is kept, e.g. <dataDir>/devnet/traffic.json. */
  stateFile?: string;
  /** Where compiled artifacts are cached, e.g. <dataDir>/cache. */
  cacheDir?: string;
  log?: (msg: string) => void;
}

export interface SentRecord {
  hash: string;
  kind: TxKind;
  note?: string;
  from: string;
  to: string;
  value: bigint;
  expectFail: boolean;
}

/** Funded wallets still waiting to show a balance beyond this many are given up (refused funding). */
const MAX_PENDING = 50;

export class TrafficGenerator {
  private readonly rpc: RpcClient;
  private readonly log: (msg: string) => void;
  private setupPromise: Promise<Deployment> | null = null;
  private state: { world: TrafficWorld; prng: Prng; chainId: number; mode: MiningMode } | null = null;
  private stepNo = 0;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** What the last step() sent (accepted by the node), for logs and tests. */
  lastStep: SentRecord[] = [];

  constructor(private readonly opts: TrafficOptions) {
    // Few retries: the loop tries again next poll anyway, and stop() should not hang on a dead node.
    this.rpc = new RpcClient(opts.rpcUrl, { timeoutMs: 15_000, retries: 2, backoffMs: 200 });
    this.log = opts.log ?? (() => {});
  }

  /** Deploys the demo contracts, or reuses the recorded ones when the chain still has their code. */
  setup(): Promise<Deployment> {
    this.setupPromise ??= this.doSetup().catch((err: unknown) => {
      this.setupPromise = null;
      throw err;
    });
    return this.setupPromise;
  }

  private async doSetup(): Promise<Deployment> {
    const { rpc, opts } = this;
    const chainId = await readChainId(rpc);
    const mode = await miningMode(rpc);
    // What deploying the samples and the proxies both need.
    const setup = { rpc, chainId, mode, accounts: opts.accounts, log: this.log, ...(opts.cacheDir ? { cacheDir: opts.cacheDir } : {}) };
    let deployment = opts.stateFile ? await readDeployment(opts.stateFile) : null;
    let salt = 0;
    if (deployment && deployment.chainId === chainId && (await this.hasCode(deploymentAddresses(deployment)))) {
      // A restart: derive other new wallets than last time, so "new" addresses are new again.
      salt = await blockNumber(rpc);
      this.log(`traffic: reusing the contracts deployed at block ${deployment.deployedAtBlock}`);
    } else {
      deployment = await deployAll(setup);
      if (opts.stateFile) await writeDeployment(opts.stateFile, deployment);
    }
    if (!deployment.proxies) {
      // The sample proxies; also on a chain whose record predates the proxies.
      deployment.proxies = await setupProxies(setup);
      if (opts.stateFile) await writeDeployment(opts.stateFile, deployment);
    }
    const prng = createPrng((opts.seed ^ Math.imul(salt, 0x9e3779b1)) >>> 0);
    this.state = { world: new TrafficWorld(deployment, opts.seed, salt, opts.accounts), prng, chainId, mode };
    return deployment;
  }

  private async hasCode(addresses: string[]): Promise<boolean> {
    const codes = await batchOf(
      this.rpc,
      addresses.map((a) => rpcCalls.getCode(a, 'latest')),
    );
    return codes.every((c) => typeof c === 'string' && c.length > 2);
  }

  /** Sends one block's worth of transactions (5–25) without waiting for them; returns their hashes. */
  async step(): Promise<string[]> {
    await this.setup();
    const state = this.state;
    if (!state) throw new Error('traffic: setup did not finish');
    const { world, prng, chainId } = state;
    const stepNo = ++this.stepNo;

    // Which funded wallets have arrived decides who may send, so ask before planning.
    const pending = world.pending.slice(-MAX_PENDING);
    const delegator = delegationPhase(stepNo) ? delegatorWallet(this.opts.seed) : null;
    const [[block], balances, [delegatorNonce]] = await groupsOf(this.rpc, [
      [rpcCalls.getBlockByNumber('latest', false)],
      pending.map((a) => rpcCalls.getBalance(a.address, 'latest')),
      delegator ? [rpcCalls.getTransactionCount(delegator.address, 'latest')] : [],
    ]);
    const arrived = pending.filter((_, i) => (balances[i] ?? 0n) > 0n);
    world.pending = pending.filter((a) => !arrived.includes(a));
    const baseFee = hexToBigInt(block?.baseFeePerGas ?? '0x3b9aca00');

    const txs = planStep(prng, world, stepNo, arrived);
    const proxyCall = planProxyCall(world, stepNo);
    if (proxyCall && txs.length <= 25) txs.push(proxyCall); // a step stays within 26 transactions
    const approval = planApprovalChange(world, stepNo); // allowances and an NFT operator given and revoked
    if (approval && txs.length <= 25) txs.push(approval);
    const delegation = delegator ? planDelegation(world, stepNo, delegator, Number(delegatorNonce ?? 0), chainId) : null;
    if (delegation) txs.push(delegation); // EIP-7702 set / clear, every tenth step each
    const senders = [...new Set(txs.map((t) => t.sender.address))];
    const swaps = txs.filter((t) => t.swap);
    const [counts, quotes] = await settledGroupsOf(this.rpc, [
      senders.map((a) => rpcCalls.getTransactionCount(a, 'pending')),
      swaps.map((t) =>
        rpcCalls.call(
          { to: world.deployment.router, data: router.encodeFunctionData('getAmountsOut', [t.swap?.amountIn, t.swap?.path]) },
          'latest',
        ),
      ),
    ]);
    const nonces = new Map<string, number>();
    senders.forEach((a, i) => {
      const o = counts[i];
      if (!o?.ok) throw new Error(`traffic: no nonce for ${a}: ${o ? o.error.message : 'no answer'}`);
      nonces.set(a, o.result);
    });
    swaps.forEach((t, i) => {
      const o = quotes[i];
      const amounts = o?.ok ? (router.decodeFunctionResult('getAmountsOut', o.result)[0] as bigint[]) : null;
      encodeSwap(t, amounts ? (amounts[amounts.length - 1] ?? null) : null);
    });

    const raws: string[] = [];
    for (const t of txs) {
      const nonce = nonces.get(t.sender.address) ?? 0;
      nonces.set(t.sender.address, nonce + 1);
      raws.push(
        await signTx(
          {
            wallet: t.sender.wallet,
            to: t.to,
            value: t.value,
            data: t.data,
            gasLimit: t.gasLimit,
            nonce,
            tip: t.tip,
            legacy: t.legacy,
            ...(t.authorizationList ? { authorizationList: t.authorizationList } : {}),
          },
          chainId,
          baseFee,
        ),
      );
    }
    const sent = await sendRaw(this.rpc, raws);
    const refused = sent.filter((s) => s.error);
    if (refused.length > 0) this.log(`traffic: the node refused ${refused.length} of ${sent.length} transactions: ${refused[0]?.error}`);
    this.lastStep = [];
    sent.forEach((s, i) => {
      const t = txs[i];
      if (s.error || !t) return;
      this.lastStep.push({
        hash: s.hash,
        kind: t.kind,
        from: t.sender.address,
        to: t.to,
        value: t.value,
        expectFail: t.expectFail,
        ...(t.note ? { note: t.note } : {}),
      });
    });
    return this.lastStep.map((r) => r.hash);
  }

  /**
   * Follows the chain: one step per new block (polling every pollMs), but at most one per
   * minIntervalMs, because with automine each step's own transactions make new blocks.
   */
  start(opts: { pollMs?: number; minIntervalMs?: number } = {}): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run(opts.pollMs ?? 500, opts.minIntervalMs ?? 1_000);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  private async run(pollMs: number, minIntervalMs: number): Promise<void> {
    let lastHead = -1;
    let lastStepAt = 0;
    let lastError = '';
    while (this.running) {
      try {
        const head = await blockNumber(this.rpc);
        // The chain went back (restart from an older state file, wipe): check the contracts again.
        if (head < lastHead) this.setupPromise = null;
        await this.setup();
        if (head !== lastHead && Date.now() - lastStepAt >= minIntervalMs && this.running) {
          lastHead = head;
          lastStepAt = Date.now();
          await this.step();
        }
        lastError = '';
      } catch (err) {
        const msg = err instanceof Error ? err.message : String(err);
        // Log a failure once, not every poll while the node is down.
        if (msg !== lastError) this.log(`traffic: ${msg}`);
        lastError = msg;
      }
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }
}
