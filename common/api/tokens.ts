/**
 * Token and contract shapes (docs/decisions.md#spec-entities: token holding, token catalogue entry, token or
 * contract, token transactions). See base.ts for the amount, address and time conventions; token
 * amounts are whole tokens (with the token's decimals) beside exact base-unit strings.
 */
import { Type, type Static } from '@sinclair/typebox';
import { TX_TYPE } from '../txTypes';
import { ProxyField } from './proxy';
import { Address, Amount, EpochSeconds, Hash, IsoTime, Ok, PageTotals, Wei } from './base';
import { DecodedArg, MatchLevel } from './deploy';
import { NftKind } from './nfts';

export const ContractType = Type.Union([Type.Literal('rbc20'), Type.Literal('dapp')], {
  description: 'rbc20 = token, dapp = any other contract (NFTs included)',
});
export type ContractType = Static<typeof ContractType>;

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

/** One RBC20 Transfer event (address token transfers, token detail). */
export const TokenTransferItem = Type.Object({
  hash: Hash,
  blockNumber: Type.Integer(),
  logIndex: Type.Integer(),
  timestamp: EpochSeconds,
  createdAt: IsoTime,
  from: Address,
  to: Address,
  tokenAddress: Address,
  tokenName: NullableString,
  tokenSymbol: NullableString,
  tokenDecimals: Type.Integer(),
  value: Type.Number({ description: 'whole tokens (base units ÷ 10^tokenDecimals) for display' }),
  valueWei: Wei,
  decodedInput: Type.Array(Type.Object({ _to: Address, _value: Wei }), {
    description: 'the spec shape of a token transaction: [{ _to, _value }] (_value in base units)',
  }),
  transactiontype: Type.Literal(TX_TYPE.tokenTransfer, { description: 'token transfer' }),
  tokenId: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: 'the NFT token id (ERC721 transfers; value is then 1), else null' }),
  ),
  status: Type.Integer({ description: '1: a Transfer event exists only in a successful transaction' }),
});
export type TokenTransferItem = Static<typeof TokenTransferItem>;

export const TokenTransfersResponse = Ok(Type.Array(TokenTransferItem), PageTotals);
export type TokenTransfersResponse = Static<typeof TokenTransfersResponse>;

/** A token held by an address (spec: token holding). */
export const TokenHolding = Type.Object({
  contractAddress: Address,
  name: NullableString,
  symbol: NullableString,
  decimals: Type.Integer(),
  balance: Type.Number({ description: 'whole tokens for display' }),
  balanceWei: Wei,
  nft: Type.Optional(Type.Boolean({ description: 'an NFT collection: balance is the number of items held' })),
});
export type TokenHolding = Static<typeof TokenHolding>;

/** Token and contract catalogue entry (/getTokens, /getContracts). */
export const ContractListItem = Type.Object({
  contractname: NullableString,
  contract_address: Address,
  owneraddress: Address,
  createdAt: IsoTime,
  blockNumber: Type.Integer({ description: 'block of the creation' }),
  symbol: NullableString,
  decimals: NullableInteger,
  totalSupply: Type.Union([Type.Number(), Type.Null()], { description: 'whole tokens (tokens only)' }),
  totalSupplyWei: Type.Union([Wei, Type.Null()]),
  verified: Type.Boolean({ description: 'the source is verified (has a contract_sources row)' }),
  contractType: ContractType,
  isNft: Type.Boolean({ description: 'an NFT collection (ERC-721 / ERC-1155), listed with the tokens' }),
});
export type ContractListItem = Static<typeof ContractListItem>;

export const ContractListResponse = Ok(Type.Array(ContractListItem), {
  totalContracts: Type.Integer({ description: 'contracts of this type' }),
  verifiedContracts: Type.Integer({ description: 'of which verified' }),
  ...PageTotals,
});
export type ContractListResponse = Static<typeof ContractListResponse>;

const Abi = Type.Union([Type.Array(Type.Unknown()), Type.Null()], { description: 'the verified ABI, or null' });

/** Fields shared by the token and the contract detail. */
const ContractCommon = {
  contractAddress: Address,
  name: NullableString,
  contractType: ContractType,
  owner: Address,
  rubybalance: Amount,
  rubybalanceWei: Wei,
  balance: Amount,
  trx_length: Type.Integer({ description: 'transactions sent to the contract' }),
  abi: Abi,
  contractcode: Type.Union([Type.String(), Type.Null()], { description: 'verified source, or null' }),
  bytecode: Type.Union([Type.String(), Type.Null()], { description: 'runtime code from the node (null while the node cannot be reached)' }),
  verified: Type.Boolean(),
  createdAt: IsoTime,
  blockNumber: Type.Integer({ description: 'block of the creation' }),
  txHash: Hash,
};

const Level = Type.Union([MatchLevel, Type.Null()]);
/** How the contract was verified (null when it is not). */
export const ContractVerification = Type.Object({
  match: Type.Union([Type.Literal('full'), Type.Literal('partial')], { description: 'the runtime level in older words' }),
  creationMatch: Type.Union([Level], { description: 'exact_match, match, or null (verified before creation code was compared)' }),
  runtimeMatch: Level,
  contractName: Type.String(),
  fullyQualifiedName: Type.Union([Type.String(), Type.Null()], { description: 'path:Name' }),
  compilerVersion: Type.String({ description: 'v0.8.20+commit.a1b79de6' }),
  compilerSettings: Type.Unknown({ description: "solc's settings as verified (optimizer, evmVersion, libraries, …)" }),
  optimizer: Type.Union([Type.Object({ enabled: Type.Boolean(), runs: Type.Integer() }), Type.Null()]),
  evmVersion: Type.Union([Type.String(), Type.Null()]),
  constructorArguments: Type.Union([Type.Array(DecodedArg), Type.Null()], {
    description: "the chain's arguments, decoded (null: not proved)",
  }),
  constructorArgumentsHex: Type.String({ description: 'ABI-encoded, 0x…' }),
  sourceFormat: Type.Union([Type.Literal('single'), Type.Literal('standard-json')]),
  license: NullableString,
  verifiedAt: IsoTime,
});
export type ContractVerification = Static<typeof ContractVerification>;
export const ContractCreation = Type.Object({
  txHash: Hash,
  blockNumber: Type.Integer(),
  creator: Address,
  factory: Type.Union([Address, Type.Null()], {
    description: 'the contract whose CREATE/CREATE2 made it; null for a deploy from an account',
  }),
});
export type ContractCreation = Static<typeof ContractCreation>;
/** A verified contract with the same runtime code, metadata and immutables aside: shown, never taken as verified. */
export const SimilarContract = Type.Object({
  address: Address,
  contractName: Type.String(),
  compilerVersion: Type.String(),
  sourceFormat: Type.Union([Type.Literal('single'), Type.Literal('standard-json')]),
  source: Type.String(),
  abi: Abi,
});
export type SimilarContract = Static<typeof SimilarContract>;
/** Optional in the type only (older fixtures and clients); the server always sends the three. */
const VerificationFields = {
  verification: Type.Optional(Type.Union([ContractVerification, Type.Null()])),
  creation: Type.Optional(Type.Union([ContractCreation, Type.Null()])),
  similarTo: Type.Optional(Type.Union([SimilarContract, Type.Null()], { description: 'only for a contract that is not verified' })),
};

export const TokenData = Type.Object({
  ...ContractCommon,
  symbol: NullableString,
  decimals: Type.Integer(),
  totalSupply: Amount,
  totalSupplyWei: Wei,
  transfers: Type.Integer({ description: 'Transfer events of the token' }),
  holders: Type.Integer({ description: 'addresses holding a non-zero balance' }),
  ...ProxyField,
  nftKind: Type.Optional(NftKind), // only for an NFT collection (supply = items, holders = owners)
  ...VerificationFields, // the Contract tab names the contract, compiler and match levels as the contract page does
});
export type TokenData = Static<typeof TokenData>;

export const TokenDataResponse = Ok(TokenData);
export type TokenDataResponse = Static<typeof TokenDataResponse>;

export const ContractDetail = Type.Object({
  ...ContractCommon,
  symbol: NullableString,
  decimals: NullableInteger,
  isNft: Type.Boolean(),
  tokens: Type.Array(TokenHolding, { description: "the contract's own token holdings" }),
  ...ProxyField,
  ...VerificationFields,
});
export type ContractDetail = Static<typeof ContractDetail>;

export const ContractDetailResponse = Ok(ContractDetail);
export type ContractDetailResponse = Static<typeof ContractDetailResponse>;
