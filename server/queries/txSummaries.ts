/**
 * Summaries of a set of transactions, for a list page or one detail: ONE statement
 * reads the transactions with their summary events (logs by (block_number, tx_index), the primary
 * key's prefix, of the few topics a summary reads), their internal coin transfers and their stored
 * node facts; a second reads the contracts named (tokens, pools, callees) with their verified names.
 * Failed and type-4 transactions whose facts are not stored yet are asked of the node once
 * (server/summary/facts.ts), waiting at most `waitMs`; the pure step is server/summary/actions.ts.
 * docs/decisions.md#transaction-summaries says why at read time.
 */
import { sql } from 'kysely';
import type { SummaryParty, SummaryToken, TxAction } from '../../common/api/txSummary';
import { DEFAULT_TOKEN_DECIMALS } from '../../common/txTypes';
import { buildSummary, type CoinMove, type Delegation, type Labels } from '../summary/actions';
import { parseEvents, SUMMARY_TOPICS, type LogTuple } from '../summary/events';
import { askFacts, type StoredFacts } from '../summary/facts';
import { customSelector, decodeRevert } from '../summary/revert';
import type { ApiContext } from '../core/context';
import { rubyAddress } from '../core/format';
import { nameTagSourceOf } from '../core/nameTags';
import { displayName, type ContractNameRow } from './displayName';

interface Row {
  hash: string;
  block_number: number;
  block_hash: string | null;
  from_address: string;
  to_address: string | null;
  contract_address: string | null;
  value: string;
  gas: string;
  status: number;
  method: string | null;
  selector: string | null;
  input: string | null;
  logs: LogTuple[];
  coin: [string, string, string][];
  callees: string[] | null;
  facts_block: string | null;
  revert_data: string | null;
  revert_error: string | null;
  revert_source: string | null;
  /** The indexed EIP-7702 authorisations the node applied (or could not tell), in list order. */
  delegations: Delegation[];
}

interface ContractRow extends ContractNameRow {
  abi: unknown;
}

const topicAddress = (t: string | null) => (t && t.length === 66 ? `0x${t.slice(26)}`.toLowerCase() : null);

function storedFacts(r: Row): StoredFacts | null {
  if (r.facts_block === null || r.facts_block !== r.block_hash) return null;
  const source = r.revert_source === 'trace' || r.revert_source === 'replay' || r.revert_source === 'unavailable' ? r.revert_source : null;
  return { revertData: r.revert_data, revertError: r.revert_error, revertSource: source };
}

/** At most this many transactions are asked of the node per call (the rest on a later read). */
const MAX_ASKS = 10;

async function factsOf(ctx: ApiContext, rows: Row[], waitMs: number): Promise<Map<string, StoredFacts | null>> {
  const out = new Map<string, StoredFacts | null>();
  const asks: Promise<void>[] = [];
  for (const r of rows) {
    if (r.status === 1) continue;
    const stored = storedFacts(r);
    if (stored || r.block_hash === null) {
      out.set(r.hash, stored);
      continue;
    }
    if (asks.length >= MAX_ASKS) continue;
    const tx = {
      ...r,
      blockNumber: r.block_number,
      blockHash: r.block_hash,
      from: r.from_address,
      to: r.to_address,
    };
    asks.push(askFacts(ctx.db, ctx.rpc, tx).then((f) => void out.set(r.hash, f)));
  }
  if (asks.length > 0) await Promise.race([Promise.all(asks), new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
  return out;
}

/** Every address a summary may name, for the contracts query. */
function namedAddresses(rows: Row[]): string[] {
  const set = new Set<string>();
  const add = (a: string | null | undefined) => a && set.add(a.toLowerCase());
  for (const r of rows) {
    add(r.to_address);
    add(r.contract_address);
    for (const l of r.logs) [l[1], topicAddress(l[3]), topicAddress(l[4])].forEach(add);
    for (const c of r.coin) add(c[1]);
    for (const c of r.callees ?? []) add(c);
    for (const d of r.delegations) add(d.delegate);
  }
  return [...set];
}

function labelsOf(contracts: Map<string, ContractRow>, tags: Map<string, string>): Labels {
  const shown = (c: ContractRow | undefined) => (c ? displayName(c.contract_type, c.is_nft, c.name, c.contract_name) : null);
  return {
    address: (a) => rubyAddress(a),
    party: (a): SummaryParty => ({ address: rubyAddress(a), label: tags.get(a) ?? shown(contracts.get(a)) ?? null }),
    token: (a, nft): SummaryToken => {
      const c = contracts.get(a);
      const decimals = nft || c?.is_nft ? 0 : (c?.decimals ?? DEFAULT_TOKEN_DECIMALS);
      return { address: rubyAddress(a), symbol: c?.symbol ?? null, name: shown(c), decimals };
    },
    contractName: (a) => contracts.get(a)?.contract_name ?? contracts.get(a)?.name ?? null,
  };
}

/** Hashes per statement: an Etherscan list may ask for 10,000 rows (only the first chunk waits for the node). */
const CHUNK = 500;

/** Summaries by hash (lowercase 0x); a hash the index does not hold is absent. */
export async function summariesFor(ctx: ApiContext, hashes: string[], waitMs: number): Promise<Map<string, TxAction[]>> {
  if (hashes.length <= CHUNK) return summaryChunk(ctx, hashes, waitMs);
  const out = new Map<string, TxAction[]>();
  for (let i = 0; i < hashes.length; i += CHUNK)
    for (const [h, s] of await summaryChunk(ctx, hashes.slice(i, i + CHUNK), i === 0 ? waitMs : 0)) out.set(h, s);
  return out;
}

async function summaryChunk(ctx: ApiContext, hashes: string[], waitMs: number): Promise<Map<string, TxAction[]>> {
  const out = new Map<string, TxAction[]>();
  if (hashes.length === 0) return out;
  // Each part is read once for the page (its blocks' rows by the primary keys' prefix), not once per transaction.
  const { rows } = await sql<Row>`WITH page AS (
      SELECT t.hash, t.block_number, t.tx_index, t.from_address, t.to_address, t.contract_address, t.value::text AS value, t.gas::text AS gas,
        t.status, t.method, CASE WHEN length(t.input) >= 10 THEN left(t.input, 10) END AS selector,
        CASE WHEN t.status = 0 THEN t.input END AS input
      FROM transactions t WHERE t.hash IN (${sql.join(hashes)})),
    lg AS (SELECT l.block_number, l.tx_index,
        jsonb_agg(jsonb_build_array(l.log_index, l.address, l.topic0, l.topic1, l.topic2, l.topic3, l.data) ORDER BY l.log_index) AS logs
      FROM logs l WHERE (l.block_number, l.tx_index) IN (SELECT block_number, tx_index FROM page) AND l.topic0 IN (${sql.join(SUMMARY_TOPICS)})
      GROUP BY l.block_number, l.tx_index),
    it AS (SELECT i.block_number, i.tx_index,
        jsonb_agg(jsonb_build_array(i.from_address, i.to_address, i.value::text) ORDER BY i.trace_index)
          FILTER (WHERE i.value > 0 AND i.error IS NULL AND i.to_address IS NOT NULL AND i.call_type IN ('call', 'selfdestruct')) AS coin,
        jsonb_agg(DISTINCT i.to_address) FILTER (WHERE i.to_address IS NOT NULL) AS callees
      FROM internal_transactions i WHERE (i.block_number, i.tx_index) IN (SELECT block_number, tx_index FROM page)
      GROUP BY i.block_number, i.tx_index),
    au AS (SELECT a.block_number, a.tx_index,
        jsonb_agg(jsonb_build_object('authority', a.authority, 'delegate', a.delegate) ORDER BY a.auth_index) AS delegations
      FROM tx_authorizations a WHERE (a.block_number, a.tx_index) IN (SELECT block_number, tx_index FROM page) AND a.valid IS NOT FALSE
      GROUP BY a.block_number, a.tx_index)
    SELECT p.*, b.hash AS block_hash, coalesce(lg.logs, '[]'::jsonb) AS logs, coalesce(it.coin, '[]'::jsonb) AS coin,
      CASE WHEN p.status = 0 THEN it.callees END AS callees,
      f.block_hash AS facts_block, f.revert_data, f.revert_error, f.revert_source, coalesce(au.delegations, '[]'::jsonb) AS delegations
    FROM page p LEFT JOIN blocks b ON b.number = p.block_number LEFT JOIN tx_summary_facts f ON f.tx_hash = p.hash
      LEFT JOIN lg ON lg.block_number = p.block_number AND lg.tx_index = p.tx_index
      LEFT JOIN it ON it.block_number = p.block_number AND it.tx_index = p.tx_index
      LEFT JOIN au ON au.block_number = p.block_number AND au.tx_index = p.tx_index`.execute(ctx.db);
  if (rows.length === 0) return out;
  const facts = await factsOf(ctx, rows, waitMs);
  const addresses = namedAddresses(rows);
  const withAbi = new Set(rows.filter((r) => r.status === 0).flatMap((r) => [r.to_address, ...(r.callees ?? [])]));
  const [contractRows, tags] = await Promise.all([
    addresses.length === 0
      ? Promise.resolve({ rows: [] as ContractRow[] })
      : sql<ContractRow>`SELECT c.address, c.contract_type, c.is_nft, c.name, c.symbol, c.decimals, s.contract_name,
          CASE WHEN c.address IN (${sql.join([...withAbi].filter((a): a is string => a !== null).concat(['-']))}) THEN s.abi END AS abi
        FROM contracts c LEFT JOIN contract_sources s ON s.address = c.address
        WHERE c.address IN (${sql.join(addresses)})`.execute(ctx.db),
    nameTagSourceOf(ctx.config).get(),
  ]);
  const contracts = new Map(contractRows.rows.map((c) => [c.address, c]));
  const labels = labelsOf(contracts, tags);
  for (const r of rows) {
    const f = facts.get(r.hash) ?? null;
    const abis = customSelector(f?.revertData ?? null)
      ? [r.to_address, ...(r.callees ?? [])].map((a) => (a ? contracts.get(a)?.abi : null)).filter((x) => x !== null && x !== undefined)
      : [];
    const revert =
      f && f.revertSource !== 'unavailable' && f.revertSource !== null ? decodeRevert(f.revertData, f.revertError, abis) : null;
    const tx = {
      from: r.from_address,
      to: r.to_address,
      contractAddress: r.contract_address,
      value: BigInt(r.value),
      status: r.status,
      method: r.method,
      selector: r.selector,
    };
    const coin: CoinMove[] = r.coin.map(([from, to, value]) => ({ from, to, value: BigInt(value) }));
    out.set(r.hash, buildSummary(tx, parseEvents(r.logs), coin, { revert, delegations: r.delegations }, labels));
  }
  return out;
}
