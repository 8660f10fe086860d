/**
 * Running state the indexer upserts: contracts with their counts, address balances and counts,
 * token balances, hourly statistics and the checkpoint. A rollback subtracts what the deleted
 * chain rows had added (server/indexer/rollback.ts). Part of `tables` (schema.ts).
 */
import type { ColumnSpec } from './columnSpec';

export const totalsTables = {
  contracts: {
    address: 'text',
    block_number: 'bigint',
    tx_hash: 'text',
    creator: 'text',
    timestamp: 'bigint',
    contract_type: 'text',
    is_nft: 'boolean default',
    name: 'text null',
    symbol: 'text null',
    decimals: 'integer null',
    total_supply: 'numeric null',
    tx_count: 'bigint default',
    transfer_count: 'bigint default',
    nft_kind: 'text null', // 'erc721' | 'erc1155' | 'none'; null = not asked yet
    nft_metadata: 'boolean default',
  },
  addresses: {
    address: 'text',
    balance: 'numeric default',
    tx_count: 'bigint default',
    gas_used: 'numeric default',
    first_block: 'bigint',
    last_block: 'bigint',
    is_contract: 'boolean default',
  },
  token_balances: {
    token_address: 'text',
    holder: 'text',
    balance: 'numeric',
    last_block: 'bigint',
  },
  hourly_stats: {
    hour_start: 'bigint',
    tx_count: 'bigint default',
    total_fee: 'numeric default',
    token_tx_count: 'bigint default',
    contract_tx_count: 'bigint default',
  },
  indexer_state: {
    id: 'smallint',
    last_block: 'bigint null',
    last_hash: 'text null',
    node_head: 'bigint default',
    start_block: 'bigint default',
    blocks_per_second: 'double precision default',
    updated_at: 'timestamptz default',
  },
  /** 014_contract_proxies.sql: what a proxy delegates to, as last read (server/indexer/proxies.ts). */
  contract_proxies: {
    address: 'text',
    kind: 'text',
    implementation: 'text',
    beacon: 'text null',
    block_number: 'bigint',
  },
  /** 024_approvals.sql: the approvals in force (server/indexer/approvals.ts). */
  approvals: {
    approval_key: 'text',
    token: 'text',
    kind: 'text',
    owner: 'text',
    spender: 'text',
    token_id: 'numeric null',
    amount: 'numeric',
    block_number: 'bigint',
    tx_hash: 'text',
    timestamp: 'bigint',
  },
} as const satisfies Record<string, Record<string, ColumnSpec>>;
