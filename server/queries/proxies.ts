/**
 * Proxies on the contract and token detail: the node is asked now (so an upgrade
 * shows at once, and a contract the indexer saw before this feature existed is resolved too);
 * when it cannot be reached, the indexer's last reading (contract_proxies) answers. The upgrade
 * history is the proxy's (and its beacon's) Upgraded / BeaconUpgraded events in `logs`.
 */
import { sql } from 'kysely';
import type { ProxyInfo, ProxyKind, ProxyUpgrade } from '../../common/api/proxy';
import { BEACON_UPGRADED_TOPIC, resolveProxy, UPGRADED_TOPIC, wordAddress, type ProxyResolution } from '../chain/proxy';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { findVerified } from './verified';

/** Upgrade events listed at most (a proxy upgraded more often than this is shown from its newest). */
export const PROXY_HISTORY_LIMIT = 100;

interface StoredProxy {
  kind: ProxyKind;
  implementation: string;
  beacon: string | null;
}

export async function storedProxy(ctx: ApiContext, address: string): Promise<StoredProxy | null> {
  const r = await sql<StoredProxy>`SELECT kind, implementation, beacon FROM contract_proxies WHERE address = ${address}`.execute(ctx.db);
  return r.rows[0] ?? null;
}

/** The resolution now, from the node; the stored one (live: false) when the node does not answer. */
export async function currentProxy(ctx: ApiContext, address: string): Promise<(ProxyResolution & { live: boolean }) | null> {
  try {
    const r = await ctx.cache.get(`proxy:${address}`, () => resolveProxy(ctx.visitorRpc, address, 'latest'));
    return r && { ...r, live: true };
  } catch {
    const s = await storedProxy(ctx, address);
    return s && { ...s, live: false };
  }
}

async function history(ctx: ApiContext, proxy: string, beacon: string | null): Promise<ProxyUpgrade[]> {
  const emitters = beacon ? [proxy, beacon] : [proxy];
  const r = await sql<{ address: string; topic0: string; topic1: string | null; block_number: number; tx_hash: string }>`
    SELECT * FROM (
      SELECT address, topic0, topic1, block_number::int AS block_number, tx_hash, log_index FROM logs
      WHERE address IN (${sql.join(emitters)}) AND topic0 IN (${UPGRADED_TOPIC}, ${BEACON_UPGRADED_TOPIC})
      ORDER BY block_number DESC, log_index DESC LIMIT ${PROXY_HISTORY_LIMIT}) h
    ORDER BY block_number, log_index`.execute(ctx.db);
  return r.rows.flatMap((row): ProxyUpgrade[] => {
    const target = wordAddress(row.topic1);
    if (!target) return [];
    // A beacon's own Upgraded events change every proxy behind it; the proxy's BeaconUpgraded names a new beacon.
    if (row.topic0 === BEACON_UPGRADED_TOPIC) {
      if (row.address !== proxy) return [];
      return [
        { event: 'BeaconUpgraded', implementation: null, beacon: rubyAddress(target), blockNumber: row.block_number, txHash: row.tx_hash },
      ];
    }
    return [{ event: 'Upgraded', implementation: rubyAddress(target), blockNumber: row.block_number, txHash: row.tx_hash }];
  });
}

/** The proxy field of the contract and token detail: null for a contract that delegates to nothing we recognise. */
export async function proxyInfo(ctx: ApiContext, address: string): Promise<ProxyInfo | null> {
  const p = await currentProxy(ctx, address);
  if (!p) return null;
  const [verified, upgrades] = await Promise.all([findVerified(ctx, p.implementation), history(ctx, address, p.beacon)]);
  return {
    kind: p.kind,
    implementation: rubyAddress(p.implementation),
    ...(p.beacon ? { beacon: rubyAddress(p.beacon) } : {}),
    implementationName: verified?.contractName ?? null,
    implementationVerified: verified !== null,
    implementationAbi: verified && Array.isArray(verified.abi) ? (verified.abi as unknown[]) : null,
    history: upgrades,
    live: p.live,
  };
}
