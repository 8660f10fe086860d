-- Issue #19: what kind of NFT collection a contract is, by ERC-165 supportsInterface
-- (server/indexer/nftKind.ts): 'erc721', 'erc1155', or 'none' once asked; NULL = not asked yet
-- (contracts indexed before this migration: the indexer asks the node for them on its next
-- batches, the backfill). nft_metadata: ERC-721 metadata extension (tokenURI) announced.
ALTER TABLE contracts ADD COLUMN nft_kind text CHECK (nft_kind IN ('erc721', 'erc1155', 'none'));
ALTER TABLE contracts ADD COLUMN nft_metadata boolean NOT NULL DEFAULT false;
-- The Inventory tab: the latest transfer of each item of a collection.
CREATE INDEX token_transfers_nft_idx ON token_transfers (token_address, token_id, block_number DESC, log_index DESC)
  WHERE token_id IS NOT NULL;
