/** A token's holders, richest first (the token page's Holders tab). */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Ok, PageTotals, Wei } from './base';

export const TokenHolder = Type.Object({
  rank: Type.Integer({ description: '1 for the largest holder' }),
  address: Address,
  quantity: Type.Number({ description: 'whole tokens for display' }),
  quantityWei: Wei,
  percentage: Type.Union([Type.Number(), Type.Null()], { description: 'share of the total supply, %; null when the supply is unknown' }),
});
export type TokenHolder = Static<typeof TokenHolder>;

export const TokenHoldersResponse = Ok(Type.Array(TokenHolder), PageTotals);
export type TokenHoldersResponse = Static<typeof TokenHoldersResponse>;
