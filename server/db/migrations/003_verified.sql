-- Verified source, part 2 (001 created contract_sources with name, source, ABI, compiler version
-- and settings). Added here: how the source was verified, what it matched, and what Etherscan-style
-- clients read back; plus the jobs of the Etherscan-style verify API (verifysourcecode answers a
-- guid, checkverifystatus reads the outcome), kept in the database so any API process can answer.

ALTER TABLE contract_sources
  -- 'single' (one .sol file in `source`) or 'standard-json' (a solc standard JSON input in `source`)
  ADD COLUMN source_format    text NOT NULL DEFAULT 'single' CHECK (source_format IN ('single', 'standard-json')),
  -- 'deploy' (deployed through the explorer), 'verify' (our verify form / API), 'etherscan' (the Etherscan-style API)
  ADD COLUMN origin           text NOT NULL DEFAULT 'verify' CHECK (origin IN ('deploy', 'verify', 'etherscan')),
  -- 'full': runtime code equal including the metadata hash; 'partial': equal once the metadata is ignored
  ADD COLUMN match_kind       text NOT NULL DEFAULT 'full' CHECK (match_kind IN ('full', 'partial')),
  -- ABI-encoded constructor arguments, 0x hex ('0x' when none or unknown)
  ADD COLUMN constructor_args text NOT NULL DEFAULT '0x',
  -- the contract type the deployer chose (rbc20 / dapp); null for verified-only contracts
  ADD COLUMN declared_type    text CHECK (declared_type IN ('rbc20', 'dapp')),
  -- the creating transaction when the explorer deployed it
  ADD COLUMN deploy_tx_hash   text,
  ADD COLUMN license          text;

CREATE TABLE verification_jobs (
  guid        text PRIMARY KEY,
  address     text NOT NULL,
  -- 'pass' or 'fail' (jobs run to the end before the guid is answered)
  outcome     text NOT NULL CHECK (outcome IN ('pass', 'fail')),
  message     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_jobs_created_idx ON verification_jobs (created_at);
