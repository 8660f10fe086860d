/** NFT collections: a collection's inventory and the items an address holds. */
import { Type, type Static } from '@sinclair/typebox';
import { Address, EpochSeconds, Hash, IsoTime, Ok, PageTotals } from './base';

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const NftKind = Type.Union([Type.Literal('erc721'), Type.Literal('erc1155')], {
  description: 'the standard the contract announces by ERC-165 supportsInterface',
});
export type NftKind = Static<typeof NftKind>;

const TokenId = Type.String({ description: 'token id, decimal digits' });
const TokenUri = Type.Union([Type.String(), Type.Null()], {
  description:
    "the item's metadata URI (tokenURI, or uri for ERC-1155) as the node answers it now; null when the call fails or exceeds the node budget of calls made for visitors (metadata unavailable)",
});
const LastTransfer = {
  hash: Hash,
  blockNumber: Type.Integer({ description: 'block of the latest transfer of the item' }),
  timestamp: EpochSeconds,
  createdAt: IsoTime,
};

export const NftInventoryItem = Type.Object({
  tokenId: TokenId,
  owner: Address,
  amount: Type.Optional(Type.String({ description: 'ERC-1155: how many of the id the owner holds (decimal digits); absent for ERC-721' })),
  ...LastTransfer,
  tokenUri: TokenUri,
});
export type NftInventoryItem = Static<typeof NftInventoryItem>;

export const NftInventoryResponse = Ok(Type.Array(NftInventoryItem), PageTotals);
export type NftInventoryResponse = Static<typeof NftInventoryResponse>;

export const AddressNftItem = Type.Object({
  contractAddress: Address,
  name: NullableString,
  symbol: NullableString,
  tokenId: TokenId,
  standard: NftKind,
  amount: Type.String({
    description: 'how many of the id the address holds (decimal digits): ERC-1155 its balance, received minus sent (> 0); ERC-721 always 1',
  }),
  ...LastTransfer,
  tokenUri: TokenUri,
});
export type AddressNftItem = Static<typeof AddressNftItem>;

export const AddressNftsResponse = Ok(Type.Array(AddressNftItem), PageTotals);
export type AddressNftsResponse = Static<typeof AddressNftsResponse>;
