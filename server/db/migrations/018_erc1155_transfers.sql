-- Issue #19, ERC-1155: a TransferBatch log moves several token ids, each stored as its own
-- token_transfers row (token_id, value = the amount of that id); batch_index is the id's position
-- in the log (0 for every other transfer), part of the key.
ALTER TABLE token_transfers ADD COLUMN batch_index integer NOT NULL DEFAULT 0;
ALTER TABLE token_transfers DROP CONSTRAINT token_transfers_pkey;
ALTER TABLE token_transfers ADD PRIMARY KEY (block_number, log_index, batch_index);
