import { defineTexts, withData } from '../../lib/i18n';

/** The Inventory tab. `tab` is the tab's name (data: the ?tab= slug). */
const INVENTORY_TEXTS = withData(
  { tab: 'Inventory' } as const,
  defineTexts('tokens.inventory', {
    caption: 'Items of the collection by token id, with their current owner',
    pages: 'Inventory pages',
    tokenId: 'Token ID',
    owner: 'Owner',
    /** ERC-1155: how many of the id the owner holds. */
    amount: 'Amount',
    lastTransfer: 'Last transfer',
    age: 'Age',
    metadata: 'Metadata URI',
    empty: 'No items found',
  } as const),
);

/** Texts of the token page's NFT parts; the standards' names are names, not texts. */
export const NFT_TEXTS = withData(
  { kinds: { erc721: 'ERC-721', erc1155: 'ERC-1155' }, inventory: INVENTORY_TEXTS } as const,
  defineTexts('tokens.nft', {
    /** The header's badge: "ERC-721 NFT collection". */
    collection: 'NFT collection',
    type: 'Type',
    items: 'Items',
    owners: 'Owners',
  } as const),
);

export type NftKindName = keyof typeof NFT_TEXTS.kinds;

/** "ERC-721 NFT collection". */
export const nftKindLabel = (kind: NftKindName) => `${NFT_TEXTS.kinds[kind]} ${NFT_TEXTS.collection}`;
