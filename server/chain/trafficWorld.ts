/**
 * The traffic generator's picture of who can send what. Dev accounts hold plenty of every token and
 * have approved the router at setup. New wallets are derived from (seed, salt, index), so a fresh
 * chain with the same seed sees the same new addresses; for them the world keeps a lower bound of
 * their coin and RUSD (what they were given minus what they spent), so they never overspend.
 */
import { Wallet, dataSlice, keccak256, solidityPacked, type BaseWallet } from 'ethers';
import { devWallets } from './devAccounts';
import type { Deployment } from './trafficContracts';
import type { PlannedTx } from './trafficPlan';

export interface Actor {
  wallet: BaseWallet;
  /** Lowercase 0x address. */
  address: string;
  dev: boolean;
  /** New wallets: coin and RUSD (wei) known to be there; unused for dev accounts. */
  coin: bigint;
  rusd: bigint;
  /** First step at which the router approval is mined, so swaps may start (Infinity: none yet). */
  swapFrom: number;
}

/** Older new wallets stop sending past this many (they still receive), to bound memory. */
const MAX_ACTIVE = 300;

export class TrafficWorld {
  readonly devs: Actor[];
  /** Funded new wallets that send their own transactions. */
  readonly active: Actor[] = [];
  /** Funded in an earlier step; active once the node shows their balance. */
  pending: Actor[] = [];
  /** Planned for the next step because they need this step's transactions mined first. */
  deferred: PlannedTx[] = [];
  private walletIndex = 0;
  private freshIndex = 0;

  constructor(
    readonly deployment: Deployment,
    readonly seed: number,
    /** 0 on a fresh deployment; the head block on a reused one, so restarts derive new wallets. */
    readonly salt: number,
  ) {
    this.devs = devWallets().map((w) => ({ wallet: w, address: w.address.toLowerCase(), dev: true, coin: 0n, rusd: 0n, swapFrom: 0 }));
  }

  private derive(kind: string, index: number): string {
    return keccak256(solidityPacked(['string', 'uint256', 'uint256', 'uint256'], [kind, this.seed, this.salt, index]));
  }

  /** A brand-new wallet (not yet funded). */
  newWallet(coin: bigint, rusd: bigint): Actor {
    const wallet = new Wallet(this.derive('ruby-traffic-wallet', this.walletIndex++));
    return { wallet, address: wallet.address.toLowerCase(), dev: false, coin, rusd, swapFrom: Infinity };
  }

  /** A brand-new address that only ever receives. */
  freshAddress(): string {
    return dataSlice(this.derive('ruby-traffic-fresh', this.freshIndex++), 12).toLowerCase();
  }

  activate(actor: Actor): void {
    this.active.push(actor);
    if (this.active.length > MAX_ACTIVE) this.active.shift();
  }

  token(index: number): string {
    const t = this.deployment.tokens[index];
    if (!t) throw new Error(`no token #${index} in the deployment`);
    return t.address;
  }
}
