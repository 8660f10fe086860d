-- Issue #26: verification compares creation code and runtime code separately (Sourcify's levels
-- 'exact_match' / 'match'); the constructor arguments stored are the chain's, decoded; how the
-- contract was created (transaction, and the factory for an internal CREATE/CREATE2) is recorded
-- with what had to be filled in from the chain (Sourcify's transformations).
ALTER TABLE contract_sources
  -- null: verified before these checks existed (runtime only, arguments unproved); a new request replaces it
  ADD COLUMN creation_match   text CHECK (creation_match IN ('exact_match', 'match')),
  ADD COLUMN runtime_match    text CHECK (runtime_match IN ('exact_match', 'match')),
  -- [{name, type, value}] decoded from the chain's creation code
  ADD COLUMN constructor_decoded jsonb,
  ADD COLUMN creation_tx_hash text,
  ADD COLUMN creation_block   bigint,
  -- the transaction's sender
  ADD COLUMN creator          text,
  -- the contract whose CREATE/CREATE2 made this one; null for a transaction's own creation
  ADD COLUMN factory          text,
  -- "path:Name" as the compiler knows it
  ADD COLUMN fully_qualified_name text,
  -- {creation: {recompiled, transformations, transformationValues, linkReferences}, runtime: {... immutableReferences}}
  ADD COLUMN bytecode_match   jsonb;

-- 'sourcify': verified through Sourcify's v2 API (/api/sourcify/)
ALTER TABLE contract_sources DROP CONSTRAINT contract_sources_origin_check;
ALTER TABLE contract_sources ADD CONSTRAINT contract_sources_origin_check CHECK (origin IN ('deploy', 'verify', 'etherscan', 'sourcify'));

-- The runtime code's length in bytes: candidates of "similar to a verified contract" (same code,
-- metadata and immutables aside) are the verified contracts of the same length.
ALTER TABLE contract_sources ADD COLUMN runtime_length integer;
CREATE INDEX contract_sources_runtime_length_idx ON contract_sources (runtime_length) WHERE runtime_match IS NOT NULL;
