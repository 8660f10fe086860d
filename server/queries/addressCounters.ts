/**
 * The address page's counters in one statement: each part an index lookup (the contract row with
 * its verified source and stored proxy, the holder's balances, EXISTS on token transfers, internal
 * transactions, withdrawals, logs and approvals, the newest valid EIP-7702 authorizations it
 * signed), so an address with millions of rows costs what an empty one does.
 */
import { sql } from 'kysely';
import type { AddressCounters } from '../../common/api/addresses';
import type { ApiContext } from '../core/context';
import { heldItems } from './addressNfts';
import { DELEGATION_PAGE_ROWS, delegationColumn, delegationOf } from './txModern';

interface Row {
  contract_type: string | null;
  is_nft: boolean | null;
  verified: boolean;
  proxy: boolean;
  tokens: string;
  nft_collections: string;
  token_transfers: boolean;
  internal_txns: boolean;
  withdrawals: boolean;
  events: boolean;
  approvals: boolean;
  delegation: Parameters<typeof delegationOf>[0];
}

/** EXISTS of a row sent or received by the address (the from / to indexes, one probe each). */
const sentOrReceived = (table: 'token_transfers' | 'internal_transactions', address: string) =>
  sql`(EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE from_address = ${address})
    OR EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE to_address = ${address}))`;

export async function addressCounters(ctx: ApiContext, address: string): Promise<AddressCounters> {
  const { rows } = await sql<Row>`SELECT
      c.contract_type, c.is_nft,
      (c.address IS NOT NULL AND EXISTS (SELECT 1 FROM contract_sources s WHERE s.address = c.address)) AS verified,
      (c.address IS NOT NULL AND EXISTS (SELECT 1 FROM contract_proxies p WHERE p.address = c.address)) AS proxy,
      (SELECT count(*) FROM token_balances b JOIN contracts t ON t.address = b.token_address
        WHERE b.holder = ${address} AND b.balance > 0 AND t.contract_type = 'rbc20')::text AS tokens,
      (SELECT count(DISTINCT h.token_address) FROM (${heldItems(address)}) h)::text AS nft_collections,
      ${sentOrReceived('token_transfers', address)} AS token_transfers,
      ${sentOrReceived('internal_transactions', address)} AS internal_txns,
      EXISTS (SELECT 1 FROM withdrawals w WHERE w.address = ${address}) AS withdrawals,
      EXISTS (SELECT 1 FROM logs l WHERE l.address = ${address}) AS events,
      EXISTS (SELECT 1 FROM approvals a WHERE a.owner = ${address}) AS approvals,
      ${delegationColumn(address, DELEGATION_PAGE_ROWS)} AS delegation
    FROM (SELECT 1) one LEFT JOIN contracts c ON c.address = ${address}`.execute(ctx.db);
  const r = rows[0];
  if (!r) throw new Error('addressCounters: no row');
  const type = r.contract_type;
  return {
    contractType: type === null ? null : type === 'rbc20' ? 'rbc20' : 'dapp',
    nft: r.is_nft === true,
    verified: r.verified,
    proxy: r.proxy,
    tokens: Number(r.tokens),
    nftCollections: Number(r.nft_collections),
    tokenTransfers: r.token_transfers,
    internalTxns: r.internal_txns,
    withdrawals: r.withdrawals,
    events: r.events,
    approvals: r.approvals,
    delegation: delegationOf(r.delegation),
  };
}
