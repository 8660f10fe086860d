/** Search: the contract list for name matching and the kind of a typed term (docs/decisions.md#spec-states, #spec-calls). */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Ok } from './base';

export const SearchContractItem = Type.Object({
  contractname: Type.String(),
  contract_address: Address,
  contractType: Type.Union([Type.Literal('rbc20'), Type.Literal('dapp')], {
    description: 'rbc20 = token (goes to /TokenDetail), dapp = other contract (goes to /contractDetail)',
  }),
  nft: Type.Optional(Type.Literal(true, { description: 'an NFT collection: goes to /TokenDetail; absent otherwise' })),
  symbol: Type.Optional(Type.String({ description: "the token's symbol, when it has one (a search for it finds the token)" })),
  tag: Type.Optional(Type.String({ description: "the address's public name tag, when it has one ('RGLD/RUSD LP', 'Ruby DEX Router')" })),
});
export type SearchContractItem = Static<typeof SearchContractItem>;

export const SearchContractQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      description: 'substring of the name, token symbol or public name tag, case-insensitive (autocomplete); at most 20 rows',
    }),
  ),
});

export const SearchContractResponse = Ok(Type.Array(SearchContractItem));
export type SearchContractResponse = Static<typeof SearchContractResponse>;

export const SearchKind = Type.Union([Type.Literal('block'), Type.Literal('transaction'), Type.Literal('alladdress')]);
export type SearchKind = Static<typeof SearchKind>;

/** /searchdata/{term}: what the term is and the value to put in that page's route. */
export const SearchDataResponse = Type.Object({
  status: Type.Boolean(),
  result: SearchKind,
  value: Type.Union([Type.Integer(), Type.String()], {
    description: "block number, transaction hash (0x…), or address (r…; also an address's exact public name tag)",
  }),
});
export type SearchDataResponse = Static<typeof SearchDataResponse>;
