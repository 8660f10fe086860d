/**
 * The address page's counters in one statement: each part an index lookup (the contract row, the
 * holder's balances, EXISTS on withdrawals and logs, the newest valid EIP-7702 authorizations it
 * signed), so an address with millions of rows costs
 * what an empty one does.
 */
import { sql } from 'kysely';
import type { AddressCounters } from '../../common/api/addresses';
import type { ApiContext } from '../core/context';
import { heldItems } from './addressNfts';
import { DELEGATION_PAGE_ROWS, delegationColumn, delegationOf } from './txModern';

interface Row {
  contract_type: string | null;
  is_nft: boolean | null;
  tokens: string;
  nft_collections: string;
  withdrawals: boolean;
  events: boolean;
  delegation: Parameters<typeof delegationOf>[0];
}

export async function addressCounters(ctx: ApiContext, address: string): Promise<AddressCounters> {
  const { rows } = await sql<Row>`SELECT
      c.contract_type, c.is_nft,
      (SELECT count(*) FROM token_balances b JOIN contracts t ON t.address = b.token_address
        WHERE b.holder = ${address} AND b.balance > 0 AND t.contract_type = 'rbc20')::text AS tokens,
      (SELECT count(DISTINCT h.token_address) FROM (${heldItems(address)}) h)::text AS nft_collections,
      EXISTS (SELECT 1 FROM withdrawals w WHERE w.address = ${address}) AS withdrawals,
      EXISTS (SELECT 1 FROM logs l WHERE l.address = ${address}) AS events,
      ${delegationColumn(address, DELEGATION_PAGE_ROWS)} AS delegation
    FROM (SELECT 1) one LEFT JOIN contracts c ON c.address = ${address}`.execute(ctx.db);
  const r = rows[0];
  if (!r) throw new Error('addressCounters: no row');
  const type = r.contract_type;
  return {
    contractType: type === null ? null : type === 'rbc20' ? 'rbc20' : 'dapp',
    nft: r.is_nft === true,
    tokens: Number(r.tokens),
    nftCollections: Number(r.nft_collections),
    withdrawals: r.withdrawals,
    events: r.events,
    delegation: delegationOf(r.delegation),
  };
}
