-- Hashes and addresses compare byte by byte. They are lowercase 0x hex, so the "C" collation sorts
-- them exactly as any other would, but it compares with memcmp where a locale collation
-- (en_US.UTF-8, or glibc's C.UTF-8 before PostgreSQL 17) goes through strcoll. Every index on these
-- columns is a B-tree of random hex strings, so this is most of what an insert costs there: on the
-- indexer's internal transactions, PostgreSQL's CPU per row fell by a third (bench/README.md).
-- A side benefit: LIKE '0xab%' prefix searches can use these indexes.
-- Changing a collation rewrites no rows; PostgreSQL rebuilds the indexes on each column.
ALTER TABLE blocks
  ALTER COLUMN hash TYPE text COLLATE "C",
  ALTER COLUMN parent_hash TYPE text COLLATE "C",
  ALTER COLUMN miner TYPE text COLLATE "C";
ALTER TABLE transactions
  ALTER COLUMN hash TYPE text COLLATE "C",
  ALTER COLUMN from_address TYPE text COLLATE "C",
  ALTER COLUMN to_address TYPE text COLLATE "C",
  ALTER COLUMN contract_address TYPE text COLLATE "C",
  ALTER COLUMN token_address TYPE text COLLATE "C";
ALTER TABLE address_transactions
  ALTER COLUMN address TYPE text COLLATE "C",
  ALTER COLUMN hash TYPE text COLLATE "C";
ALTER TABLE logs
  ALTER COLUMN tx_hash TYPE text COLLATE "C",
  ALTER COLUMN address TYPE text COLLATE "C",
  ALTER COLUMN topic0 TYPE text COLLATE "C",
  ALTER COLUMN topic1 TYPE text COLLATE "C",
  ALTER COLUMN topic2 TYPE text COLLATE "C",
  ALTER COLUMN topic3 TYPE text COLLATE "C";
ALTER TABLE token_transfers
  ALTER COLUMN tx_hash TYPE text COLLATE "C",
  ALTER COLUMN token_address TYPE text COLLATE "C",
  ALTER COLUMN from_address TYPE text COLLATE "C",
  ALTER COLUMN to_address TYPE text COLLATE "C";
ALTER TABLE internal_transactions
  ALTER COLUMN tx_hash TYPE text COLLATE "C",
  ALTER COLUMN from_address TYPE text COLLATE "C",
  ALTER COLUMN to_address TYPE text COLLATE "C";
ALTER TABLE contracts
  ALTER COLUMN address TYPE text COLLATE "C",
  ALTER COLUMN tx_hash TYPE text COLLATE "C",
  ALTER COLUMN creator TYPE text COLLATE "C";
ALTER TABLE contract_sources
  ALTER COLUMN address TYPE text COLLATE "C",
  ALTER COLUMN deploy_tx_hash TYPE text COLLATE "C";
ALTER TABLE addresses
  ALTER COLUMN address TYPE text COLLATE "C";
ALTER TABLE token_balances
  ALTER COLUMN token_address TYPE text COLLATE "C",
  ALTER COLUMN holder TYPE text COLLATE "C";
ALTER TABLE indexer_state
  ALTER COLUMN last_hash TYPE text COLLATE "C";
ALTER TABLE users
  ALTER COLUMN wallet_address TYPE text COLLATE "C";
ALTER TABLE wallet_tokens
  ALTER COLUMN wallet_address TYPE text COLLATE "C",
  ALTER COLUMN token_address TYPE text COLLATE "C";
ALTER TABLE verification_jobs
  ALTER COLUMN address TYPE text COLLATE "C";
