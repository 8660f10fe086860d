/** The advanced filter's API (GET /api/advancedFilter and its CSV): query and answer shapes. */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Amount, EpochSeconds, Hash, IsoTime, NullableAddress, Wei } from './base';
import { FILTER_FIELDS } from '../advancedFilter';

const FIELD_DOC: Record<(typeof FILTER_FIELDS)[number], string> = {
  from: 'sender addresses (r… or 0x…), comma-separated, at most 10',
  to: 'recipient addresses, comma-separated, at most 10',
  mode: 'and (default): from and to both match; or: either matches',
  method: "the transaction's method: 4-byte selectors (0x + 8 hex) or names, comma-separated",
  token: 'token contracts (fungible or NFT), comma-separated: only their transfers match',
  kind: 'tx, internal, token, nft, comma-separated (all when absent)',
  min: "smallest amount, in whole units of the row's asset (RUBY or the token)",
  max: 'largest amount, likewise',
  fromBlock: 'first block (inclusive)',
  toBlock: 'last block (inclusive)',
  fromDate: 'first day, UTC, YYYY-MM-DD (inclusive)',
  toDate: 'last day, UTC, YYYY-MM-DD (inclusive)',
  status: "success or failed (the transaction's status; an internal transfer also fails with its own call)",
};

export const AdvancedFilterQuery = Type.Object({
  ...Object.fromEntries(FILTER_FIELDS.map((f) => [f, Type.Optional(Type.String({ description: FIELD_DOC[f] }))])),
  cursor: Type.Optional(Type.String({ description: 'the `next` of the page before (keyset paging)' })),
  size: Type.Optional(Type.String({ description: 'rows per page, 1 to 100 (default 25)' })),
});
export const AdvancedFilterCsvQuery = Type.Object(
  Object.fromEntries(FILTER_FIELDS.map((f) => [f, Type.Optional(Type.String({ description: FIELD_DOC[f] }))])),
);

export const FilterToken = Type.Object({
  address: Address,
  name: Type.Union([Type.String(), Type.Null()]),
  symbol: Type.Union([Type.String(), Type.Null()]),
  decimals: Type.Integer({ description: '0 for an NFT' }),
});

export const AdvancedFilterRow = Type.Object({
  kind: Type.Union([Type.Literal('tx'), Type.Literal('internal'), Type.Literal('token'), Type.Literal('nft')]),
  hash: Hash,
  blockNumber: Type.Integer(),
  txIndex: Type.Integer(),
  index: Type.Integer({ description: 'trace index of an internal transfer, log index of a token transfer, 0 for a transaction' }),
  timestamp: EpochSeconds,
  createdAt: IsoTime,
  from: Address,
  to: NullableAddress,
  method: Type.Union([Type.String(), Type.Null()], { description: "the transaction's method name, when known" }),
  methodId: Type.String({ description: "the transaction's 4-byte selector, or 0x" }),
  status: Type.Union([Type.Literal('Success'), Type.Literal('Failed')]),
  value: Amount,
  valueWei: Wei,
  token: Type.Union([FilterToken, Type.Null()]),
  tokenId: Type.Union([Type.String(), Type.Null()]),
});
export type AdvancedFilterRow = Static<typeof AdvancedFilterRow>;

export const AdvancedFilterPage = Type.Object({
  status: Type.Boolean(),
  result: Type.Array(AdvancedFilterRow),
  next: Type.Union([Type.String(), Type.Null()], { description: 'cursor of the next page, null on the last' }),
});
export type AdvancedFilterPage = Static<typeof AdvancedFilterPage>;
