-- Issue #40: what the summary of a transaction needs from the node beyond the indexed rows, asked
-- once and kept (server/summary/facts.ts): a failed transaction's revert (the top call's output
-- from debug_traceTransaction, or the error data of its replay with eth_call at the parent block).
-- (A type-4 transaction's EIP-7702 authorisations are indexed in tx_authorizations, 023.) block_hash names the block the answer is about: after a reorg that
-- moved the transaction the row no longer matches its block and is asked again.
CREATE TABLE tx_summary_facts (
  tx_hash        text PRIMARY KEY COLLATE "C",
  block_hash     text NOT NULL COLLATE "C",
  revert_data    text,
  revert_error   text,
  revert_source  text CHECK (revert_source IN ('trace', 'replay', 'unavailable')),
  asked_at       timestamptz NOT NULL DEFAULT now()
);
