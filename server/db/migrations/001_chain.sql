-- Chain data written by the indexer. Every chain table carries block_number so a reorg
-- rollback is "DELETE ... WHERE block_number >= $1" on each of them.
-- Addresses: lowercase 0x hex text. Hashes: lowercase 0x hex text. Money: NUMERIC wei.

CREATE TABLE blocks (
  number            bigint PRIMARY KEY,
  hash              text NOT NULL UNIQUE,
  parent_hash       text NOT NULL,
  miner             text NOT NULL,
  timestamp         bigint NOT NULL,
  size              integer NOT NULL,
  gas_used          numeric(78,0) NOT NULL,
  gas_limit         numeric(78,0) NOT NULL,
  base_fee_per_gas  numeric(78,0),
  difficulty        numeric(78,0) NOT NULL,
  total_difficulty  numeric(78,0),
  nonce             text,
  extra_data        text,
  mix_hash          text,
  receipts_root     text,
  sha3_uncles       text,
  state_root        text,
  tx_count          integer NOT NULL
);
CREATE INDEX blocks_timestamp_idx ON blocks (timestamp);

CREATE TABLE transactions (
  hash                text PRIMARY KEY,
  block_number        bigint NOT NULL,
  tx_index            integer NOT NULL,
  timestamp           bigint NOT NULL,
  from_address        text NOT NULL,
  to_address          text,
  contract_address    text,
  value               numeric(78,0) NOT NULL,
  gas                 numeric(78,0) NOT NULL,
  gas_price           numeric(78,0),
  max_fee_per_gas     numeric(78,0),
  max_priority_fee_per_gas numeric(78,0),
  effective_gas_price numeric(78,0) NOT NULL,
  gas_used            numeric(78,0) NOT NULL,
  fee                 numeric(78,0) NOT NULL,
  nonce               bigint NOT NULL,
  input               text NOT NULL,
  status              smallint NOT NULL,
  envelope_type       smallint NOT NULL,
  chain_id            bigint,
  v                   text,
  r                   text,
  s                   text,
  -- spec transaction type codes: 0 coin transfer, 1 contract create, 2 token transfer, 3 contract call
  tx_type             smallint NOT NULL,
  method              text,
  decoded_input       jsonb,
  token_address       text
);
CREATE UNIQUE INDEX transactions_position_idx ON transactions (block_number DESC, tx_index DESC);
CREATE INDEX transactions_type_idx ON transactions (tx_type, block_number DESC, tx_index DESC);
CREATE INDEX transactions_token_idx ON transactions (token_address, block_number DESC, tx_index DESC) WHERE token_address IS NOT NULL;

-- One row per (address, transaction) the address takes part in as sender, recipient or created
-- contract: the address pages read page N of an address with an index-only range scan.
CREATE TABLE address_transactions (
  address       text NOT NULL,
  block_number  bigint NOT NULL,
  tx_index      integer NOT NULL,
  hash          text NOT NULL,
  PRIMARY KEY (address, block_number, tx_index)
);
CREATE INDEX address_transactions_block_idx ON address_transactions (block_number);

CREATE TABLE logs (
  block_number  bigint NOT NULL,
  log_index     integer NOT NULL,
  tx_hash       text NOT NULL,
  tx_index      integer NOT NULL,
  address       text NOT NULL,
  topic0        text,
  topic1        text,
  topic2        text,
  topic3        text,
  data          text NOT NULL,
  PRIMARY KEY (block_number, log_index)
);
CREATE INDEX logs_tx_idx ON logs (tx_hash);

-- RBC20 (ERC20) Transfer events; token_id is set for ERC721 transfers.
CREATE TABLE token_transfers (
  block_number  bigint NOT NULL,
  log_index     integer NOT NULL,
  tx_hash       text NOT NULL,
  tx_index      integer NOT NULL,
  timestamp     bigint NOT NULL,
  token_address text NOT NULL,
  from_address  text NOT NULL,
  to_address    text NOT NULL,
  value         numeric(78,0) NOT NULL,
  token_id      numeric(78,0),
  PRIMARY KEY (block_number, log_index)
);
CREATE INDEX token_transfers_token_idx ON token_transfers (token_address, block_number DESC, log_index DESC);
CREATE INDEX token_transfers_from_idx ON token_transfers (from_address, block_number DESC, log_index DESC);
CREATE INDEX token_transfers_to_idx ON token_transfers (to_address, block_number DESC, log_index DESC);
CREATE INDEX token_transfers_tx_idx ON token_transfers (tx_hash);

-- Calls below the top level of a transaction (trace_address non-empty), with value or not.
CREATE TABLE internal_transactions (
  block_number  bigint NOT NULL,
  tx_hash       text NOT NULL,
  tx_index      integer NOT NULL,
  trace_index   integer NOT NULL,
  timestamp     bigint NOT NULL,
  trace_address text NOT NULL,
  call_type     text NOT NULL,
  from_address  text NOT NULL,
  to_address    text,
  value         numeric(78,0) NOT NULL,
  gas           numeric(78,0),
  gas_used      numeric(78,0),
  input         text,
  output        text,
  error         text,
  PRIMARY KEY (block_number, tx_index, trace_index)
);
CREATE INDEX internal_transactions_tx_idx ON internal_transactions (tx_hash);
CREATE INDEX internal_transactions_from_idx ON internal_transactions (from_address, block_number DESC);
CREATE INDEX internal_transactions_to_idx ON internal_transactions (to_address, block_number DESC);

-- Every contract created on chain (by a transaction or internally).
CREATE TABLE contracts (
  address        text PRIMARY KEY,
  block_number   bigint NOT NULL,
  tx_hash        text NOT NULL,
  creator        text NOT NULL,
  timestamp      bigint NOT NULL,
  contract_type  text NOT NULL CHECK (contract_type IN ('rbc20', 'dapp')),
  is_nft         boolean NOT NULL DEFAULT false,
  name           text,
  symbol         text,
  decimals       integer,
  total_supply   numeric(78,0),
  tx_count       bigint NOT NULL DEFAULT 0,
  transfer_count bigint NOT NULL DEFAULT 0
);
CREATE INDEX contracts_type_idx ON contracts (contract_type, block_number DESC);
CREATE INDEX contracts_block_idx ON contracts (block_number);

-- Verified source, kept apart from chain data: a reorg that removes a contract keeps its source
-- for when the same address is created again.
CREATE TABLE contract_sources (
  address          text PRIMARY KEY,
  contract_name    text NOT NULL,
  source           text NOT NULL,
  abi              jsonb NOT NULL,
  compiler_version text NOT NULL,
  compiler_settings jsonb NOT NULL,
  verified_at      timestamptz NOT NULL DEFAULT now()
);

-- Current state per address, refreshed from the node for every address a batch touches.
CREATE TABLE addresses (
  address       text PRIMARY KEY,
  balance       numeric(78,0) NOT NULL DEFAULT 0,
  tx_count      bigint NOT NULL DEFAULT 0,
  gas_used      numeric(78,0) NOT NULL DEFAULT 0,
  first_block   bigint NOT NULL,
  last_block    bigint NOT NULL,
  is_contract   boolean NOT NULL DEFAULT false
);
CREATE INDEX addresses_balance_idx ON addresses (balance DESC, address);

CREATE TABLE token_balances (
  token_address text NOT NULL,
  holder        text NOT NULL,
  balance       numeric(78,0) NOT NULL,
  last_block    bigint NOT NULL,
  PRIMARY KEY (token_address, holder)
);
CREATE INDEX token_balances_holder_idx ON token_balances (holder);

-- Hourly aggregates (hour_start = epoch seconds of the hour's start, UTC).
CREATE TABLE hourly_stats (
  hour_start        bigint PRIMARY KEY,
  tx_count          bigint NOT NULL DEFAULT 0,
  total_fee         numeric(78,0) NOT NULL DEFAULT 0,
  token_tx_count    bigint NOT NULL DEFAULT 0,
  contract_tx_count bigint NOT NULL DEFAULT 0
);

-- One row: the indexer's checkpoint and progress.
CREATE TABLE indexer_state (
  id            smallint PRIMARY KEY CHECK (id = 1),
  last_block    bigint,
  last_hash     text,
  node_head     bigint NOT NULL DEFAULT 0,
  start_block   bigint NOT NULL DEFAULT 0,
  blocks_per_second double precision NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
INSERT INTO indexer_state (id) VALUES (1);
