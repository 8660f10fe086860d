/**
 * Which contracts are NFT collections, by ERC-165. Each candidate is asked
 * `supportsInterface` for ERC-165 itself (0x01ffc9a7, true) and 0xffffffff (false: a contract
 * answering true to everything is not taken at its word), then ERC-1155 (0xd9b67a26), ERC-721
 * (0x80ac58cd) and the ERC-721 metadata extension (0x5b5e139f, `tokenURI`). Candidates, in the
 * prepare stage: the batch's new contracts, known contracts not asked yet that emit a Transfer
 * with an indexed token id (4 topics) or an ERC-1155 TransferSingle / TransferBatch, and then a
 * bounded share of every other contract not asked yet (the backfill of contracts indexed before
 * migration 016: it drains over the first batches after a start). The answers are written in the
 * batch's transaction (`writeNftKinds`); a contract whose calls the node fails stays unasked.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { RpcClient } from '../chain/rpc';
import { rpcCalls, settledOf } from '../chain/rpcActions';
import type { DB } from '../db/schema';
import { TRANSFER_TOPIC } from './decode';
import type { LogRow } from './rowTypes';

export type NftKind = 'erc721' | 'erc1155' | 'none';

export interface NftKindRow {
  address: string;
  kind: NftKind;
  /** ERC-721 metadata extension announced (tokenURI). */
  metadata: boolean;
}

const SUPPORTS_INTERFACE = '0x01ffc9a7';
/** The interface ids asked, in this order. */
export const INTERFACE_IDS = { erc165: '01ffc9a7', invalid: 'ffffffff', erc1155: 'd9b67a26', erc721: '80ac58cd', metadata: '5b5e139f' };
const IDS = Object.values(INTERFACE_IDS);

/** keccak("TransferSingle(address,address,address,uint256,uint256)") and TransferBatch's. */
export const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';
export const TRANSFER_BATCH_TOPIC = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';

/** Contracts asked per batch beyond the batch's own candidates (the backfill's pace). */
export const BACKFILL_PER_BATCH = 200;

/** Emitters of NFT-shaped events in the logs: a 4-topic Transfer, TransferSingle, TransferBatch. */
export function nftEmitters(logs: readonly LogRow[]): Set<string> {
  const out = new Set<string>();
  for (const l of logs) {
    const t0 = l.topics[0];
    if ((t0 === TRANSFER_TOPIC && l.topics.length === 4) || t0 === TRANSFER_SINGLE_TOPIC || t0 === TRANSFER_BATCH_TOPIC) out.add(l.address);
  }
  return out;
}

/** The contracts to ask in a batch: new ones, unasked NFT-event emitters, then a share of the other unasked. */
export function nftCandidates(created: readonly string[], logs: readonly LogRow[], unasked: ReadonlySet<string>): string[] {
  const out = new Set(created);
  for (const a of nftEmitters(logs)) if (unasked.has(a)) out.add(a);
  let extra = 0;
  for (const a of unasked) {
    if (extra >= BACKFILL_PER_BATCH) break;
    if (!out.has(a)) {
      out.add(a);
      extra += 1;
    }
  }
  return [...out];
}

/** A supportsInterface answer: exactly one 32-byte word, true when it is 1. */
function yes(answer: string | null): boolean {
  return answer !== null && answer.length === 66 && BigInt(answer) === 1n;
}

/** The ERC-165 reading of one contract from its five answers (null: the node failed a call). */
export function kindOf(answers: readonly (string | null | undefined)[]): Omit<NftKindRow, 'address'> | null {
  if (answers.some((a) => a === undefined)) return null;
  const [erc165, invalid, erc1155, erc721, metadata] = answers.map((a) => yes(a ?? null));
  if (!erc165 || invalid) return { kind: 'none', metadata: false };
  if (erc1155) return { kind: 'erc1155', metadata: false };
  if (erc721) return { kind: 'erc721', metadata: metadata === true };
  return { kind: 'none', metadata: false };
}

/** Asks each address at `block`; addresses the node fails (a transport error) are left out. */
export async function detectNftKinds(rpc: RpcClient, addresses: readonly string[], block: number): Promise<NftKindRow[]> {
  if (addresses.length === 0) return [];
  const calls = addresses.flatMap((to) => IDS.map((id) => rpcCalls.call({ to, data: SUPPORTS_INTERFACE + id.padEnd(64, '0') }, block)));
  const answers = await settledOf(rpc, calls);
  const out: NftKindRow[] = [];
  addresses.forEach((address, i) => {
    // A revert (no supportsInterface) is an answer: not ERC-165. Only a missing answer leaves it unasked.
    const mine = answers.slice(i * IDS.length, (i + 1) * IDS.length).map((o) => (o === undefined ? undefined : o.ok ? o.result : null));
    const k = kindOf(mine);
    if (k) out.push({ address, ...k });
  });
  return out;
}

/**
 * Inside the batch's transaction. A contract that the bytecode heuristic already took for an
 * ERC-721 (chainState.ts) but that does not answer ERC-165 stays one (kind 'erc721').
 */
export async function writeNftKinds(tx: Transaction<DB> | Kysely<DB>, rows: readonly NftKindRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`UPDATE contracts c
    SET nft_kind = CASE WHEN d.kind = 'none' AND c.is_nft THEN 'erc721' ELSE d.kind END,
      nft_metadata = d.metadata, is_nft = c.is_nft OR d.kind <> 'none'
    FROM unnest(${rows.map((r) => r.address)}::text[], ${rows.map((r) => r.kind)}::text[], ${rows.map((r) => r.metadata)}::boolean[])
      AS d(address, kind, metadata)
    WHERE c.address = d.address`.execute(tx);
}
