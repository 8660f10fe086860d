/**
 * New-block events from the indexer to the realtime channel. In the all-in-one process they
 * travel in memory; when API processes run apart from the indexer (PostgreSQL mode) they travel
 * through PostgreSQL LISTEN/NOTIFY on one channel.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * One indexed block as the latest-blocks lists show it (the blocks table's list columns, as
 * stored), carried on the event so an API process can update its latest blocks without reading
 * the database again (live blocks). `parentHash` links it to the block below.
 */
export interface BlockSummary {
  number: number;
  hash: string;
  parentHash: string;
  miner: string;
  timestamp: number;
  size: number;
  gasUsed: string;
  txCount: number;
}

export interface BlocksEvent {
  type: 'blocks';
  from: number;
  to: number;
  hash: string;
  head: number;
  txCount: number;
  /** The batch's newest blocks, oldest first, ending at `to` (absent: listeners read the database). */
  blocks?: BlockSummary[];
}

export type ChainEvent = BlocksEvent;

export interface EventBus {
  publish(e: ChainEvent): void;
  subscribe(fn: (e: ChainEvent) => void): () => void;
  close(): Promise<void>;
}

export const PG_CHANNEL = 'ruby_chain_events';
/** NOTIFY's payload must stay below 8,000 bytes: a longer event goes without its summaries. */
const MAX_NOTIFY_BYTES = 7_900;

/** The event as NOTIFY's payload: without `blocks` when they would make it too long. */
export function notifyPayload(e: ChainEvent): string {
  const full = JSON.stringify(e);
  if (Buffer.byteLength(full) <= MAX_NOTIFY_BYTES || !e.blocks) return full;
  const { blocks: _dropped, ...rest } = e;
  return JSON.stringify(rest);
}

/** Wait between two attempts to reach PostgreSQL again. */
const RECONNECT_MS = 1000;

export class LocalBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(e: ChainEvent): void {
    this.emitter.emit('event', e);
  }

  subscribe(fn: (e: ChainEvent) => void): () => void {
    this.emitter.on('event', fn);
    return () => this.emitter.off('event', fn);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * LISTEN/NOTIFY bus on one dedicated connection. When PostgreSQL goes away (a restart, a network
 * cut found by TCP keep-alive) it connects again, every RECONNECT_MS until it succeeds, and
 * LISTENs again, so subscribers get new blocks again without a restart of the process. Events
 * published while the connection is down are lost: each one carries the head, so the next one
 * brings the listeners up to date.
 */
export class PgBus implements EventBus {
  private readonly local = new LocalBus();
  private client: pg.Client | null = null;
  private closed = false;
  private readonly ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly log: (m: string) => void = () => {},
  ) {
    this.ready = this.connect();
  }

  private async connect(): Promise<void> {
    while (!this.closed) {
      const client = new pg.Client({
        connectionString: this.url,
        application_name: 'ruby-explorer-events',
        connectionTimeoutMillis: 5000,
        keepAlive: true,
      });
      // A lost connection can report itself twice ('error' for the server's termination message,
      // then for the closed socket): only the first one reconnects, so one client listens.
      let lost = false;
      let established = false;
      const onLost = () => {
        if (lost) return;
        lost = true;
        if (this.client === client) this.client = null;
        void client.end().catch(() => {});
        // Before it was established, the failure surfaces in the catch below, which retries.
        if (this.closed || !established) return;
        this.log('events: connection lost; reconnecting');
        setTimeout(() => void this.connect(), RECONNECT_MS);
      };
      try {
        client.on('error', onLost);
        await client.connect();
        client.on('notification', (msg) => {
          if (msg.channel !== PG_CHANNEL || !msg.payload) return;
          try {
            this.local.publish(JSON.parse(msg.payload) as ChainEvent);
          } catch {
            // A payload that is not ours: ignore it.
          }
        });
        await client.query(`LISTEN ${PG_CHANNEL}`);
        // Closed while connecting: nobody else would end this client.
        if (this.closed || lost) {
          lost = true;
          await client.end().catch(() => {});
          if (!this.closed) continue;
          return;
        }
        client.on('end', onLost);
        established = true;
        this.client = client;
        if (this.reconnects++ > 0) this.log('events: listening again');
        return;
      } catch (err) {
        lost = true;
        await client.end().catch(() => {});
        this.log(`events: ${err instanceof Error ? err.message : String(err)}; retrying`);
        await new Promise((r) => setTimeout(r, RECONNECT_MS));
      }
    }
  }

  private reconnects = 0;

  async waitReady(): Promise<void> {
    await this.ready;
  }

  publish(e: ChainEvent): void {
    const c = this.client;
    if (!c) return;
    c.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, notifyPayload(e)]).catch((err: unknown) => {
      this.log(`events: notify failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  }

  subscribe(fn: (e: ChainEvent) => void): () => void {
    return this.local.subscribe(fn);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.local.close();
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}
