/**
 * Proxies found while indexing. A batch's new contracts, and every contract that
 * emitted Upgraded / BeaconUpgraded in it, are resolved from the node at the batch's state block
 * (server/chain/proxy.ts: storage slots, bytecode and eth_call; no traces needed) and stored in
 * contract_proxies with the rows of the batch. A resolution the node fails is skipped, not
 * retried: the API resolves on demand anyway, this table is what it answers while the node is down.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { BEACON_UPGRADED_TOPIC, resolveProxy, UPGRADED_TOPIC } from '../chain/proxy';
import type { RpcClient } from '../chain/rpc';
import type { DB } from '../db/schema';
import type { ProxyKind } from '../../common/api/proxy';
import type { LogRow } from './transform';

export interface ProxyRow {
  address: string;
  kind: ProxyKind;
  implementation: string;
  beacon: string | null;
  blockNumber: number;
}

/** Resolutions in flight at once (each is one JSON-RPC batch of five calls). */
const CONCURRENCY = 16;

/** The contracts whose proxy state may have changed in a batch: created ones and upgrade-event emitters. */
export function proxyCandidates(created: string[], logs: LogRow[]): string[] {
  const out = new Set(created);
  for (const l of logs) if (l.topics[0] === UPGRADED_TOPIC || l.topics[0] === BEACON_UPGRADED_TOPIC) out.add(l.address);
  return [...out];
}

export async function detectProxies(rpc: RpcClient, candidates: string[], block: number, log?: (m: string) => void): Promise<ProxyRow[]> {
  const out: ProxyRow[] = [];
  for (let i = 0; i < candidates.length; i += CONCURRENCY) {
    const chunk = candidates.slice(i, i + CONCURRENCY);
    const found = await Promise.all(
      chunk.map((address) =>
        resolveProxy(rpc, address, block).catch((err: unknown) => {
          log?.(`indexer: proxy check of ${address} failed: ${err instanceof Error ? err.message : String(err)}`);
          return null;
        }),
      ),
    );
    found.forEach((p, j) => {
      const address = chunk[j];
      if (p && address) out.push({ address, kind: p.kind, implementation: p.implementation, beacon: p.beacon, blockNumber: block });
    });
  }
  return out;
}

/** Inside the batch's transaction: the latest reading per proxy wins. */
export async function writeProxies(tx: Transaction<DB> | Kysely<DB>, rows: ProxyRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => sql`(${r.address}, ${r.kind}, ${r.implementation}, ${r.beacon}, ${r.blockNumber})`);
  await sql`INSERT INTO contract_proxies (address, kind, implementation, beacon, block_number) VALUES ${sql.join(values)}
    ON CONFLICT (address) DO UPDATE SET kind = excluded.kind, implementation = excluded.implementation,
      beacon = excluded.beacon, block_number = excluded.block_number`.execute(tx);
}
