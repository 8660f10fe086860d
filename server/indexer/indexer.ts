/**
 * The indexer: catches up from the checkpoint to the node's head, then follows it.
 *
 * Pipeline per batch of blocks: (1) fetch blocks, receipts and traces — several batches ahead,
 * in parallel, each batch about batchTxs transactions' worth of blocks (batchBlocks); (2) in
 * order: detect new contracts, transform, read balances from the node; (3) write everything
 * and the checkpoint in ONE database transaction. Stage 2 of batch N runs while stage 3 of
 * batch N-1 is committing.
 *
 * Balances during a long catch-up: every coin and token balance the range touches is read ONCE, at
 * the head the catch-up runs to (the "snapshot" block), instead of once per batch at each batch's
 * last block. A busy address touched in every batch then costs one eth_getBalance, not one per
 * batch, and anvil answers reads at its head far faster than at old blocks. While the catch-up
 * runs, stored balances are those of the head (newer than the checkpoint, which is what an
 * explorer shows anyway); when it ends they are exactly those of the checkpoint. If the chain
 * replaces the snapshot block meanwhile (a reorg), every balance read at it is read again at the
 * checkpoint (verifySnapshot), before anything else is indexed.
 *
 * Invariants: the checkpoint (indexer_state.last_block/last_hash) moves only in the transaction
 * that writes its rows, so a crash anywhere loses nothing and duplicates nothing; a block whose
 * parent hash differs from the stored hash of the block below it triggers a rollback to the
 * common ancestor and re-indexing (reorg).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Interface } from 'ethers';
import { hexToNumber, toHexQuantity, type RpcClient } from '../chain/rpc';
import type { DB } from '../db/schema';
import { detectContracts, fetchBalances, fetchTokenBalances, fetchTotalSupplies, type ContractInfo } from './chainState';
import { BlockFetcher, StaleFetchError } from './fetch';
import { rollbackFrom } from './rollback';
import { balanceKeys, createdContracts, transform, type FetchedBlock, type KnownContracts } from './transform';
import { writeBatch } from './write';
import { Progress } from './progress';

export interface IndexerOptions {
  rpc: RpcClient;
  db: Kysely<DB>;
  startBlock?: number;
  /** Most blocks in one batch. */
  batchSize?: number;
  /**
   * About how many transactions one batch should hold: with big blocks a batch has fewer blocks
   * (down to 1), so fetching, preparing and writing overlap in smaller steps.
   */
  batchTxs?: number;
  concurrency?: number;
  pollMs?: number;
  log?: (msg: string) => void;
  /** Called after each committed batch (new-block event for the realtime channel). */
  onBatch?: (e: BatchEvent) => void;
}

export interface BatchEvent { from: number; to: number; hash: string; head: number; txCount: number }

export interface IndexerStatus { indexedBlock: number | null; head: number; percent: number; catchingUp: boolean }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Indexer {
  private readonly fetcher: BlockFetcher;
  private readonly contracts = new Set<string>();
  private readonly tokens = new Set<string>();
  private readonly abis = new Map<string, Interface>();
  private lastBlock: number | null = null;
  private lastHash: string | null = null;
  private head = 0;
  private running = false;
  private loop: Promise<void> | null = null;
  /** Balances read at one block for the current catch-up (see the header). */
  private snapshot: BalanceSnapshot | null = null;
  /** A snapshot whose block must still be checked against the node (verifySnapshot). */
  private unverified: BalanceSnapshot | null = null;
  private readonly progress: Progress;
  /** Transactions per block in the batches fetched so far (moving average; null before the first). */
  private txPerBlock: number | null = null;
  /** Milliseconds spent waiting in each stage of indexRange (for the benchmark's breakdown). */
  readonly timings = { fetchWait: 0, prepare: 0, writeWait: 0, write: 0 };
  readonly opts: Required<Omit<IndexerOptions, 'onBatch'>> & Pick<IndexerOptions, 'onBatch'>;

  constructor(opts: IndexerOptions) {
    this.opts = { startBlock: 0, batchSize: 50, batchTxs: 500, concurrency: 3, pollMs: 500, log: () => {}, ...opts };
    this.fetcher = new BlockFetcher(opts.rpc);
    this.progress = new Progress(this.opts.log);
  }

  status(): IndexerStatus {
    const done = this.lastBlock === null ? 0 : this.lastBlock - this.opts.startBlock + 1;
    const total = Math.max(1, this.head - this.opts.startBlock + 1);
    const caughtUp = this.lastBlock !== null && this.lastBlock >= this.head;
    return { indexedBlock: this.lastBlock, head: this.head, percent: caughtUp ? 100 : Math.min(100, Math.floor((done / total) * 1000) / 10), catchingUp: !caughtUp };
  }

  /** Loads the checkpoint and what is known of contracts. */
  async init(): Promise<void> {
    const st = await this.opts.db.selectFrom('indexer_state').selectAll().where('id', '=', 1).executeTakeFirst();
    this.lastBlock = st?.last_block ?? null;
    this.lastHash = st?.last_hash ?? null;
    if (this.lastBlock === null && this.opts.startBlock > 0) this.lastBlock = null;
    this.contracts.clear();
    this.tokens.clear();
    const rows = await this.opts.db.selectFrom('contracts').select(['address', 'contract_type']).execute();
    for (const r of rows) {
      this.contracts.add(r.address);
      if (r.contract_type === 'rbc20') this.tokens.add(r.address);
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        try {
          const n = await this.runOnce();
          if (n === 0) await sleep(this.opts.pollMs);
        } catch (err) {
          this.opts.log(`indexer: ${err instanceof Error ? err.message : String(err)}; retrying`);
          await sleep(Math.max(1000, this.opts.pollMs));
          await this.init().catch(() => {});
        }
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    this.loop = null;
  }

  /** Indexes everything up to the node's current head; returns the number of blocks indexed. */
  async runOnce(): Promise<number> {
    await this.verifySnapshot();
    this.head = hexToNumber(await this.opts.rpc.call<string>('eth_blockNumber'));
    const from = this.lastBlock === null ? this.opts.startBlock : this.lastBlock + 1;
    if (from > this.head) {
      await this.checkTip();
      await this.saveHead();
      return 0;
    }
    return this.indexRange(from, this.head);
  }

  /** Indexes [from, to] (re-indexing whatever of it is already stored). */
  async indexRange(from: number, to: number): Promise<number> {
    if (this.lastBlock !== null && from <= this.lastBlock) {
      await this.rollback(from);
    }
    this.progress.begin(from, to);
    this.snapshot = to - from + 1 > 2 * this.opts.batchSize ? await this.openSnapshot(to) : null;
    try {
      return await this.indexRanges(from, to);
    } finally {
      this.unverified = this.snapshot;
      this.snapshot = null;
      await this.verifySnapshot();
    }
  }

  /**
   * Blocks in the next batch: batchTxs worth at the transaction rate seen so far, between 1 and
   * batchSize. Before any block is seen, a fifth of batchSize: the first batches come back soon,
   * so the writes start while the next ones are fetched.
   */
  batchBlocks(): number {
    const { batchSize, batchTxs } = this.opts;
    if (this.txPerBlock === null) return Math.max(1, Math.ceil(batchSize / 5));
    if (this.txPerBlock <= 0) return batchSize;
    return Math.min(batchSize, Math.max(1, Math.round(batchTxs / this.txPerBlock)));
  }

  private observe(blocks: FetchedBlock[]): void {
    if (blocks.length === 0) return;
    const rate = blocks.reduce((n, b) => n + b.block.transactions.length, 0) / blocks.length;
    this.txPerBlock = this.txPerBlock === null ? rate : (this.txPerBlock + rate) / 2;
  }

  private async indexRanges(from: number, to: number): Promise<number> {
    const inflight: Promise<Fetched>[] = [];
    let next = from;
    const refill = () => {
      while (inflight.length < this.opts.concurrency && next <= to) {
        const a = next;
        const b = Math.min(to, a + this.batchBlocks() - 1);
        next = b + 1;
        const p = this.fetcher.fetchRange(a, b).then((blocks) => {
          this.observe(blocks);
          return this.prefetchState(blocks);
        });
        p.catch(() => {}); // surfaced when awaited in order
        inflight.push(p);
      }
    };
    refill();
    let pendingWrite: Promise<void> = Promise.resolve();
    let indexed = 0;
    try {
      while (inflight.length > 0) {
        let t = performance.now();
        const { blocks, state } = await (inflight.shift() as Promise<Fetched>);
        this.timings.fetchWait += performance.now() - t;
        refill();
        const first = blocks[0];
        if (!first) continue;
        if (!this.linksToCheckpoint(first, blocks)) {
          await pendingWrite;
          await this.handleReorg(hexToNumber(first.block.number));
          return indexed; // the next runOnce resumes from the common ancestor
        }
        t = performance.now();
        const work = await this.prepare(blocks, state);
        this.timings.prepare += performance.now() - t;
        t = performance.now();
        await pendingWrite;
        this.timings.writeWait += performance.now() - t;
        const last = blocks[blocks.length - 1] as FetchedBlock;
        this.lastBlock = hexToNumber(last.block.number);
        this.lastHash = last.block.hash.toLowerCase();
        pendingWrite = this.commit(blocks, work);
        indexed += blocks.length;
        this.progress.tick(this.lastBlock, blocks.reduce((n, b) => n + b.block.transactions.length, 0));
      }
      await pendingWrite;
    } catch (err) {
      await pendingWrite.catch(() => {});
      await this.init(); // in-memory checkpoint back to what the database holds
      if (err instanceof StaleFetchError) {
        this.opts.log(`indexer: ${err.message}; fetching it again`);
        return indexed;
      }
      throw err;
    }
    this.progress.end(this.lastBlock ?? to);
    return indexed;
  }

  private linksToCheckpoint(first: FetchedBlock, blocks: FetchedBlock[]): boolean {
    for (let i = 1; i < blocks.length; i++) {
      if ((blocks[i] as FetchedBlock).block.parentHash.toLowerCase() !== (blocks[i - 1] as FetchedBlock).block.hash.toLowerCase()) {
        throw new StaleFetchError(hexToNumber((blocks[i] as FetchedBlock).block.number));
      }
    }
    if (this.lastHash === null || this.lastBlock === null) return true;
    if (hexToNumber(first.block.number) !== this.lastBlock + 1) return true;
    return first.block.parentHash.toLowerCase() === this.lastHash;
  }

  private known(): KnownContracts {
    return {
      isContract: (a) => this.contracts.has(a),
      isToken: (a) => this.tokens.has(a),
      abi: (a) => this.abis.get(a),
    };
  }

  /**
   * The node state a batch needs that does not depend on earlier batches: coin balances of every
   * touched address and balanceOf of every (token, holder) of an ERC20-shaped Transfer, at the
   * batch's last block. Runs inside the concurrent fetch stage, so these round trips overlap
   * with the previous batches' processing instead of sitting on the critical path. Which emitters
   * are real tokens is decided later (prepare), when the earlier batches' contracts are known.
   */
  private async prefetchState(blocks: FetchedBlock[]): Promise<Fetched> {
    const last = blocks[blocks.length - 1];
    if (!last) return { blocks, state: null };
    const snap = this.snapshot;
    const tag = snap?.block ?? hexToNumber(last.block.number);
    const rows = balanceKeys(blocks);
    const [balances, tokenBalances] = await Promise.all([
      this.readBalances(snap, [...rows.touched], tag),
      this.readTokenBalances(snap, [...rows.tokenHolders], tag),
    ]);
    return { blocks, state: { balances, tokenBalances, tag } };
  }

  /** Coin balances at `tag`; within a snapshot each address is read from the node once. */
  private readBalances(snap: BalanceSnapshot | null, addresses: string[], tag: number): Promise<Map<string, bigint>> {
    const fetch = (keys: string[]) => fetchBalances(this.opts.rpc, keys, tag);
    return snap ? readOnce(snap.balances, addresses, fetch) : fetch(addresses);
  }

  private readTokenBalances(snap: BalanceSnapshot | null, keys: string[], tag: number): Promise<Map<string, bigint>> {
    const fetch = (ks: string[]) => fetchTokenBalances(this.opts.rpc, ks, tag);
    return snap ? readOnce(snap.tokenBalances, keys, fetch) : fetch(keys);
  }

  /** Starts reading balances at `block` for a catch-up (null if the node does not know it). */
  private async openSnapshot(block: number): Promise<BalanceSnapshot | null> {
    const b = await this.opts.rpc.call<{ hash: string } | null>('eth_getBlockByNumber', [toHexQuantity(block), false]);
    return b ? { block, hash: b.hash.toLowerCase(), balances: new Map(), tokenBalances: new Map() } : null;
  }

  /**
   * After a catch-up: is the block its balances were read at still on the chain? If not, read
   * every one of them again at the checkpoint. Until that succeeds nothing else is indexed.
   */
  private async verifySnapshot(): Promise<void> {
    const snap = this.unverified;
    if (!snap) return;
    const b = await this.opts.rpc.call<{ hash: string } | null>('eth_getBlockByNumber', [toHexQuantity(snap.block), false]);
    if (!b || b.hash.toLowerCase() !== snap.hash) {
      await this.init();
      const at = this.lastBlock;
      if (at !== null) {
        this.opts.log(`indexer: block ${snap.block} was replaced during the catch-up; reading ${snap.balances.size} balances again at ${at}`);
        // Read from the node first: no database transaction stays open across the reads.
        const read = await readBalancesAt(this.opts.rpc, [...snap.balances.keys()], [...snap.tokenBalances.keys()], at);
        await this.opts.db.transaction().execute((tx) => writeBalances(tx, read, at));
      }
    }
    this.unverified = null;
  }

  private async prepare(blocks: FetchedBlock[], pre: Fetched['state']) {
    const lastNumber = hexToNumber((blocks[blocks.length - 1] as FetchedBlock).block.number);
    const snap = this.snapshot;
    const tag = snap?.block ?? lastNumber;
    const created = createdContracts(blocks).map((c) => c.address);
    // At the snapshot block too: a node without archive state answers only recent blocks.
    const contracts = await detectContracts(this.opts.rpc, created, tag);
    for (const [a, info] of contracts) {
      this.contracts.add(a);
      if (info.contractType === 'rbc20') this.tokens.add(a);
    }
    const rows = transform(blocks, this.known());
    const mintedTokens = [...new Set(rows.transfers.filter((t) => this.tokens.has(t.token) && (t.from === ZERO || t.to === ZERO)).map((t) => t.token))];
    const holderKeys = [...rows.tokenHolders].filter((k) => this.tokens.has(k.split('|')[0] as string));
    const known = pre !== null && pre.tag === tag ? pre : null;
    const missingTouched = [...rows.touched].filter((a) => !known?.balances.has(a));
    const missingHolders = holderKeys.filter((k) => !known?.tokenBalances.has(k));
    const [moreBalances, moreTokenBalances, totalSupplies] = await Promise.all([
      this.readBalances(snap, missingTouched, tag),
      this.readTokenBalances(snap, missingHolders, tag),
      fetchTotalSupplies(this.opts.rpc, mintedTokens, tag),
    ]);
    const balances = new Map<string, bigint>();
    for (const a of rows.touched) {
      const v = moreBalances.get(a) ?? known?.balances.get(a);
      if (v !== undefined) balances.set(a, v);
    }
    const tokenBalances = new Map<string, bigint>();
    for (const k of holderKeys) {
      const v = moreTokenBalances.get(k) ?? known?.tokenBalances.get(k);
      if (v !== undefined) tokenBalances.set(k, v);
    }
    return { rows, contracts, balances, tokenBalances, totalSupplies, lastNumber };
  }

  private async commit(blocks: FetchedBlock[], w: Awaited<ReturnType<Indexer['prepare']>>): Promise<void> {
    const last = blocks[blocks.length - 1] as FetchedBlock;
    const hash = last.block.hash.toLowerCase();
    const t = performance.now();
    await this.opts.db.transaction().execute(async (tx) => {
      await writeBatch(tx, w.rows, { contracts: w.contracts, balances: w.balances, tokenBalances: w.tokenBalances, totalSupplies: w.totalSupplies, isContract: (a) => this.contracts.has(a) }, w.lastNumber);
      await sql`UPDATE indexer_state SET last_block = ${w.lastNumber}, last_hash = ${hash}, node_head = ${Math.max(this.head, w.lastNumber)},
        blocks_per_second = ${this.progress.blocksPerSecond()}, updated_at = now() WHERE id = 1`.execute(tx);
    });
    this.timings.write += performance.now() - t;
    this.opts.onBatch?.({ from: hexToNumber((blocks[0] as FetchedBlock).block.number), to: w.lastNumber, hash, head: this.head, txCount: w.rows.txs.length });
  }

  /** While idle at the head: has the node replaced our tip? */
  private async checkTip(): Promise<void> {
    if (this.lastBlock === null || this.lastHash === null) return;
    const b = await this.opts.rpc.call<{ hash: string } | null>('eth_getBlockByNumber', [toHexQuantity(this.lastBlock), false]);
    if (!b || b.hash.toLowerCase() !== this.lastHash) await this.handleReorg(this.lastBlock + 1);
  }

  private async saveHead(): Promise<void> {
    await sql`UPDATE indexer_state SET node_head = ${this.head}, updated_at = now() WHERE id = 1`.execute(this.opts.db);
  }

  /** The block at `number` does not link to ours: roll back to the highest block both agree on. */
  private async handleReorg(number: number): Promise<void> {
    let k = Math.min(number - 1, this.lastBlock ?? -1);
    while (k >= this.opts.startBlock) {
      const lo = Math.max(this.opts.startBlock, k - 31);
      const ours = await this.opts.db.selectFrom('blocks').select(['number', 'hash']).where('number', '>=', lo).where('number', '<=', k).execute();
      const oursBy = new Map(ours.map((r) => [r.number, r.hash]));
      const nums: number[] = [];
      for (let n = k; n >= lo; n--) nums.push(n);
      const theirs = await this.opts.rpc.batch<{ hash: string } | null>(nums.map((n) => ({ method: 'eth_getBlockByNumber', params: [toHexQuantity(n), false] })));
      const match = nums.findIndex((n, i) => theirs[i] && oursBy.get(n) === theirs[i]?.hash.toLowerCase());
      if (match >= 0) {
        k = nums[match] as number;
        break;
      }
      k = lo - 1;
    }
    const from = k + 1;
    this.opts.log(`indexer: reorg detected at block ${number}; rolling back to ${from - 1} and re-indexing`);
    await this.rollback(from);
  }

  private async rollback(from: number): Promise<void> {
    const head = hexToNumber(await this.opts.rpc.call<string>('eth_blockNumber'));
    const at = Math.min(from - 1, head);
    await this.opts.db.transaction().execute(async (tx) => {
      const r = await rollbackFrom(tx, from);
      if (at >= 0) await writeBalances(tx, await readBalancesAt(this.opts.rpc, r.touched, r.tokenHolders, at), at);
    });
    await this.init();
  }
}

const ZERO = '0x0000000000000000000000000000000000000000';

/** A fetched batch with the node state prefetched for it (null for an empty batch). */
interface Fetched {
  blocks: FetchedBlock[];
  state: { balances: Map<string, bigint>; tokenBalances: Map<string, bigint>; tag: number } | null;
}

interface BalanceSnapshot {
  block: number;
  hash: string;
  /** One read per key, shared by every batch that needs it (concurrent prefetches included). */
  balances: Map<string, Promise<bigint | undefined>>;
  tokenBalances: Map<string, Promise<bigint | undefined>>;
}

/**
 * Values of `keys`, each fetched at most once into `cache` (in flight or done); a key the node
 * has no value for (a failed balanceOf) is left out of the answer. A failed fetch rejects every
 * caller waiting for its keys, so the batch fails and is retried, never written with a missing
 * balance, and it forgets those keys so the retry reads them again.
 */
export async function readOnce(cache: Map<string, Promise<bigint | undefined>>, keys: string[], fetch: (keys: string[]) => Promise<Map<string, bigint>>): Promise<Map<string, bigint>> {
  const need = keys.filter((k) => !cache.has(k));
  if (need.length > 0) {
    const p = fetch(need);
    for (const k of need) {
      const one = p.then((m) => m.get(k));
      // Handled here (no unhandled rejection if nobody else waits); callers still see it.
      one.catch(() => {
        if (cache.get(k) === one) cache.delete(k);
      });
      cache.set(k, one);
    }
  }
  const values = await Promise.all(keys.map((k) => cache.get(k)));
  const out = new Map<string, bigint>();
  keys.forEach((k, i) => {
    const v = values[i];
    if (v !== undefined) out.set(k, v);
  });
  return out;
}

interface BalancesAt {
  balances: Map<string, bigint>;
  tokenBalances: Map<string, bigint>;
}

/** Coin and token balances at `at`, from the node. */
async function readBalancesAt(rpc: RpcClient, addresses: string[], tokenHolders: string[], at: number): Promise<BalancesAt> {
  const [balances, tokenBalances] = await Promise.all([fetchBalances(rpc, addresses, at), fetchTokenBalances(rpc, tokenHolders, at)]);
  return { balances, tokenBalances };
}

/** Stores balances read at `at` over what the rows hold. */
async function writeBalances(tx: Transaction<DB>, { balances, tokenBalances }: BalancesAt, at: number): Promise<void> {
  if (balances.size) {
    const list = [...balances];
    await sql`UPDATE addresses a SET balance = d.b FROM unnest(${list.map(([k]) => k)}::text[], ${list.map(([, v]) => v.toString())}::numeric[]) AS d(address, b)
      WHERE a.address = d.address`.execute(tx);
  }
  if (tokenBalances.size) {
    const list = [...tokenBalances].map(([k, v]) => [...k.split('|'), v.toString()] as [string, string, string]);
    await sql`UPDATE token_balances t SET balance = d.b, last_block = ${at}
      FROM unnest(${list.map((r) => r[0])}::text[], ${list.map((r) => r[1])}::text[], ${list.map((r) => r[2])}::numeric[]) AS d(token, holder, b)
      WHERE t.token_address = d.token AND t.holder = d.holder`.execute(tx);
  }
}
export type { ContractInfo };
