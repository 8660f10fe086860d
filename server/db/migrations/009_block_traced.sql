-- Issue #28: a block indexed from a node without call traces has no internal transactions on
-- record, which is not the same as having none. Blocks indexed so far came from a tracing node
-- (or were guessed so by the indexer as before), hence the default.
ALTER TABLE blocks ADD COLUMN traced boolean NOT NULL DEFAULT true;
-- "Is any indexed block untraced?" answered from a tiny index, however long the chain.
CREATE INDEX blocks_untraced_idx ON blocks (number) WHERE NOT traced;
