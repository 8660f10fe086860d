-- Issue #19, alerts withdrawn on a reorg: the hash of the block an alert's transaction was in, so
-- an alert whose block left the chain is found (and deleted, its user told) even when the new
-- chain has a block at the same height; NULL for alerts raised before this migration.
ALTER TABLE watchlist_notifications ADD COLUMN block_hash text;
CREATE INDEX watchlist_notifications_block_idx ON watchlist_notifications (block_number);
