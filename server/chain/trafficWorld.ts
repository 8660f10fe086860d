/**
 * The traffic generator's picture of who can send what. Dev accounts hold plenty of every token and
 * have approved the router at setup. New wallets are derived from (seed, salt, index), so a fresh
 * chain with the same seed sees the same new addresses; for them the world keeps a lower bound of
 * their coin and RUSD (what they were given minus what they spent), so they never overspend.
 */
import { Wallet, dataSlice, keccak256, solidityPacked, type BaseWallet } from 'ethers';
import type { DevAccounts } from './devAccounts';
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
/**
 * New wallets and receive-only addresses come round again after this many: every
 * account is a lasting entry in the devnet's state, so an endless supply grew the state file for as
 * long as the chain ran. A wallet met again is funded again and starts over as new; the pool is
 * well over MAX_ACTIVE, so its earlier self has long stopped sending (the lower bound of its coin
 * and RUSD stays a lower bound).
 */
export const WALLET_POOL = 1_000;
export const FRESH_POOL = 4_000;

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
    accounts: DevAccounts,
  ) {
    this.devs = accounts
      .wallets()
      .map((w) => ({ wallet: w, address: w.address.toLowerCase(), dev: true, coin: 0n, rusd: 0n, swapFrom: 0 }));
  }

  private derive(kind: string, index: number): string {
    return keccak256(solidityPacked(['string', 'uint256', 'uint256', 'uint256'], [kind, this.seed, this.salt, index]));
  }

  /** A new wallet (not yet funded), or one of the pool's met again (WALLET_POOL). */
  newWallet(coin: bigint, rusd: bigint): Actor {
    const wallet = new Wallet(this.derive('ruby-traffic-wallet', this.walletIndex++ % WALLET_POOL));
    return { wallet, address: wallet.address.toLowerCase(), dev: false, coin, rusd, swapFrom: Infinity };
  }

  /** An address that only ever receives: new, or the pool's met again (FRESH_POOL). */
  freshAddress(): string {
    return dataSlice(this.derive('ruby-traffic-fresh', this.freshIndex++ % FRESH_POOL), 12).toLowerCase();
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
