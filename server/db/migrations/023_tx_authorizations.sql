-- Issue #40 item 4: modern transaction kinds. Chain rows like the others (block_number first, so
-- a rollback deletes them with the rest: server/indexer/rollback.ts).
--
-- tx_authorizations: one row per entry of an EIP-7702 (type 4) transaction's authorization list.
-- authority is the address recovered from the signature over keccak(0x05 || rlp([chain_id,
-- address, nonce])) (NULL when the signature does not recover); valid says whether the node
-- applied it (chain id 0 or ours, nonce equal to the authority's nonce at that point, signature
-- recovers), NULL when the indexer could not tell (a node without the old state to read the
-- nonce); invalid_reason is 'chain_id', 'nonce' or 'signature' when valid is false.
-- delegate is the address the authority's code points to (0xef0100 || delegate); the zero
-- address clears the delegation.
CREATE TABLE tx_authorizations (
  block_number    bigint NOT NULL,
  tx_index        integer NOT NULL,
  auth_index      integer NOT NULL,
  tx_hash         text NOT NULL,
  chain_id        numeric(78,0) NOT NULL,
  delegate        text NOT NULL,
  nonce           numeric(20,0) NOT NULL,
  y_parity        smallint NOT NULL,
  r               text NOT NULL,
  s               text NOT NULL,
  authority       text,
  valid           boolean,
  invalid_reason  text,
  PRIMARY KEY (block_number, tx_index, auth_index)
);
-- An address page's delegation history: the valid authorizations it signed, newest first.
CREATE INDEX tx_authorizations_authority_idx ON tx_authorizations (authority, block_number DESC, tx_index DESC, auth_index DESC);

-- tx_blobs: the EIP-4844 (type 3) fields of a blob transaction, one row per such transaction.
CREATE TABLE tx_blobs (
  block_number           bigint NOT NULL,
  tx_index               integer NOT NULL,
  tx_hash                text NOT NULL,
  versioned_hashes       jsonb NOT NULL,
  max_fee_per_blob_gas   numeric(78,0),
  blob_gas_used          numeric(78,0),
  blob_gas_price         numeric(78,0),
  PRIMARY KEY (block_number, tx_index)
);
