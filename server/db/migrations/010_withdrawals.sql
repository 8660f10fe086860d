-- Issue #28: EIP-4895 withdrawals (Shanghai and later), credited to addresses without a
-- transaction. index and validator_index are uint64 (numeric: beyond bigint's range in theory);
-- amount in wei (the node gives gwei).
CREATE TABLE withdrawals (
  block_number     bigint NOT NULL,
  position         integer NOT NULL,
  withdrawal_index numeric(20,0) NOT NULL,
  validator_index  numeric(20,0) NOT NULL,
  address          text NOT NULL,
  amount           numeric(78,0) NOT NULL,
  timestamp        bigint NOT NULL,
  PRIMARY KEY (block_number, position)
);
CREATE INDEX withdrawals_address_idx ON withdrawals (address, block_number);
