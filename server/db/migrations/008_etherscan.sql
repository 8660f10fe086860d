-- Indexes of the Etherscan-style API (server/api/etherscan/): getLogs by emitting contract or by
-- event signature over a block range, and getminedblocks by miner. Each list reads one index range
-- in block order; without them getLogs over 10,000 blocks scans every log of the range.
CREATE INDEX logs_address_idx ON logs (address, block_number, log_index);
CREATE INDEX logs_topic0_idx ON logs (topic0, block_number, log_index);
CREATE INDEX blocks_miner_idx ON blocks (miner, number);
