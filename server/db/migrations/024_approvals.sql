-- Approvals an address has given (the Approvals tab, /getApprovals/{address}).
--
-- approval_changes: a chain row per change of one approval as the node confirmed it (block_number
-- first, so a rollback deletes it with the other chain rows: server/indexer/rollback.ts). A change
-- is a reading, at the batch's state block, of a key an Approval / ApprovalForAll log or a
-- Transfer touched, that differs from what was stored.
-- approvals: the current state, one row per approval in force (amount > 0), written in the same
-- transaction as the batch; a rollback deletes the keys changed above the common ancestor and
-- puts back each one's latest change below it.
--
-- approval_key: 'token:erc20:owner:spender', 'token:operator:owner:operator' or
-- 'token:erc721:tokenId' (one approved address per NFT; owner is its owner when read).
-- kind: 'erc20' (allowance), 'erc721' (getApproved), 'operator' (isApprovedForAll: ERC-721 or
-- ERC-1155). amount: the allowance; 1 for an NFT approval in force; 0 = revoked or spent.
CREATE TABLE approval_changes (
  block_number  bigint NOT NULL,
  seq           integer NOT NULL,
  approval_key  text NOT NULL,
  token         text NOT NULL,
  kind          text NOT NULL,
  owner         text NOT NULL,
  spender       text NOT NULL,
  token_id      numeric(78,0),
  amount        numeric(78,0) NOT NULL,
  tx_hash       text NOT NULL,
  timestamp     bigint NOT NULL,
  PRIMARY KEY (block_number, seq)
);
CREATE INDEX approval_changes_key_idx ON approval_changes (approval_key, block_number DESC, seq DESC);

CREATE TABLE approvals (
  approval_key  text PRIMARY KEY,
  token         text NOT NULL,
  kind          text NOT NULL,
  owner         text NOT NULL,
  spender       text NOT NULL,
  token_id      numeric(78,0),
  amount        numeric(78,0) NOT NULL,
  block_number  bigint NOT NULL,
  tx_hash       text NOT NULL,
  timestamp     bigint NOT NULL
);
-- The tab: every approval an owner gives.
CREATE INDEX approvals_owner_idx ON approvals (owner, kind);
-- The indexer: the spenders of a (token, owner) whose allowance a transfer may have spent.
CREATE INDEX approvals_token_owner_idx ON approvals (token, owner);
