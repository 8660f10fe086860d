/**
 * What one mined transaction changed (the transaction page's State tab): for
 * every address it touched, the coin balance and nonce before → after, its RBC20 balances before →
 * after, and the storage slots changed, decoded to the verified contract's variable names where the
 * compiler's storage layout allows. `source` says where the figures come from: the node's
 * prestateTracer in diff mode, or (a node without debug tracing) our own index. The coin
 * differences reconcile: they add up to minus the burnt fee (base fee × gas used).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Hash, Ok, Wei } from './base';

const NullableWei = Type.Union([Wei, Type.Null()], { description: 'wei, decimal digits; null when not known on this node' });

export const StateVariable = Type.Object({
  name: Type.String({ description: 'the variable as the source names it, with its keys: balanceOf[r…], owner, items[3]' }),
  type: Type.String({ description: 'Solidity type, e.g. uint256, address, mapping(address => uint256)' }),
  before: Type.Union([Type.String(), Type.Null()], {
    description: 'decoded value (addresses as r…, integers in decimal); null when not decodable',
  }),
  after: Type.Union([Type.String(), Type.Null()]),
});
export type StateVariable = Static<typeof StateVariable>;

export const StorageChange = Type.Object({
  slot: Hash,
  before: Hash,
  after: Hash,
  variables: Type.Array(StateVariable, { description: 'the variables this slot holds; empty when the layout does not name it' }),
});
export type StorageChange = Static<typeof StorageChange>;

export const TokenChange = Type.Object({
  tokenAddress: Address,
  tokenName: Type.Union([Type.String(), Type.Null()]),
  tokenSymbol: Type.Union([Type.String(), Type.Null()]),
  tokenDecimals: Type.Union([Type.Integer(), Type.Null()]),
  beforeWei: NullableWei,
  afterWei: NullableWei,
  differenceWei: Type.String({ description: 'signed, in the token base units' }),
});
export type TokenChange = Static<typeof TokenChange>;

export const AccountChange = Type.Object({
  address: Address,
  name: Type.Union([Type.String(), Type.Null()], { description: "the contract's name (verified or token) when known" }),
  role: Type.Union([Type.Literal('sender'), Type.Literal('recipient'), Type.Literal('created'), Type.Literal('miner'), Type.Null()]),
  balanceBeforeWei: NullableWei,
  balanceAfterWei: NullableWei,
  balanceDifferenceWei: Type.String({ description: 'signed wei' }),
  nonceBefore: Type.Union([Type.Integer(), Type.Null()]),
  nonceAfter: Type.Union([Type.Integer(), Type.Null()]),
  code: Type.Union([Type.Literal('created'), Type.Literal('changed'), Type.Literal('removed'), Type.Null()], {
    description: 'the code changed: a contract created, a 7702 delegation set or cleared, a contract removed',
  }),
  tokens: Type.Array(TokenChange),
  storage: Type.Array(StorageChange),
  storageLayout: Type.Union([Type.Literal('decoded'), Type.Literal('unknown'), Type.Literal('unverified'), Type.Null()], {
    description:
      'how the slots were named: from the verified layout, layout unknown (could not compile), not verified; null: no slot changed',
  }),
});
export type AccountChange = Static<typeof AccountChange>;

export const Reconciliation = Type.Object({
  reconciled: Type.Boolean({ description: 'the coin differences add up to minus the burnt fee' }),
  sumOfDifferencesWei: Type.String({ description: 'signed sum of every balanceDifferenceWei' }),
  burntFeeWei: Type.String({ description: 'base fee per gas × gas used (0 before EIP-1559)' }),
  baseFeePerGasWei: Type.Union([Wei, Type.Null()]),
  gasUsed: Type.String(),
});
export type Reconciliation = Static<typeof Reconciliation>;

export const TxStateChanges = Type.Object({
  hash: Hash,
  blockNumber: Type.Integer(),
  source: Type.Union([Type.Literal('prestateTracer'), Type.Literal('index')], {
    description:
      "prestateTracer: the node's debug_traceTransaction in diff mode; index: our indexed transfers (a node without debug tracing)",
  }),
  sourceNote: Type.String({ description: 'the source in plain words, and what it cannot show' }),
  complete: Type.Boolean({
    description:
      'false when coin moved by internal calls may be missing (index source, block indexed without traces); the index never shows storage',
  }),
  accounts: Type.Array(AccountChange),
  reconciliation: Reconciliation,
});
export type TxStateChanges = Static<typeof TxStateChanges>;

export const TxStateChangesResponse = Ok(TxStateChanges);
export type TxStateChangesResponse = Static<typeof TxStateChangesResponse>;
