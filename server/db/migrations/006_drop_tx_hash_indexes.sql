-- Fewer indexes to maintain while indexing. A transaction's token transfers and internal calls are
-- read by (block_number, tx_index), which the primary keys already cover, and nothing reads logs
-- by transaction hash: these three indexes cost every batch write and served no query.
DROP INDEX IF EXISTS logs_tx_idx;
DROP INDEX IF EXISTS token_transfers_tx_idx;
DROP INDEX IF EXISTS internal_transactions_tx_idx;
