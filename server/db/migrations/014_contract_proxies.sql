-- Issue #27: proxies resolved by the indexer (server/indexer/proxies.ts): what a contract
-- delegates to, as last read from the node at block_number (its creation, or its latest
-- Upgraded / BeaconUpgraded event). The upgrade history itself is read from `logs`, so a reorg
-- rolls it back with the logs; rows here above a rollback point are deleted (rollback.ts) and the
-- API reads the node again on demand.
CREATE TABLE contract_proxies (
  address        text PRIMARY KEY COLLATE "C",
  kind           text NOT NULL CHECK (kind IN ('eip1967', 'eip1967-beacon', 'eip1822', 'eip1167', 'getter')),
  implementation text NOT NULL COLLATE "C",
  beacon         text COLLATE "C",
  block_number   bigint NOT NULL
);
CREATE INDEX contract_proxies_block_idx ON contract_proxies (block_number);
CREATE INDEX contract_proxies_implementation_idx ON contract_proxies (implementation);
