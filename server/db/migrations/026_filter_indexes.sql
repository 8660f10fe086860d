-- The advanced filter's two kinds of question that no other index answers (docs/decisions.md,
-- "Indexes for the advanced filter"): transactions by method selector (the first 4 bytes of the
-- input, as the filter asks: left(input, 10)) and failed transactions, newest first. Without them
-- either filter reads the whole transactions table (10 M rows) before it finds a page. The failed
-- index is partial: a few per cent of transactions fail, so it stays small.
CREATE INDEX transactions_selector_idx ON transactions (left(input, 10), block_number DESC, tx_index DESC);
CREATE INDEX transactions_failed_idx ON transactions (block_number DESC, tx_index DESC) WHERE status <> 1;
