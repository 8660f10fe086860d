-- Balances at any block (the Etherscan-compatible balancehistory; docs/decisions.md): the coin
-- balance of an address at the end of each block that touched it (sender, recipient, created
-- contract, internal transfer, miner, withdrawal), read from the node at that block by the indexer,
-- plus one row at the block before its first touch in each batch (so an address funded at genesis
-- answers for blocks before it was first seen). balance is NULL where the node could not answer
-- for that block (a node without the old state): the API then says the history is unavailable
-- there rather than guess. A chain row like the others: a rollback deletes block_number >= N.
CREATE TABLE coin_balance_history (
  address       text NOT NULL COLLATE "C",
  block_number  bigint NOT NULL,
  balance       numeric(78,0),
  PRIMARY KEY (address, block_number)
);
CREATE INDEX coin_balance_history_block_idx ON coin_balance_history (block_number);
