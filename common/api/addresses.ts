/**
 * Address shapes (docs/decisions.md#spec-entities: address summary, internal transaction, top account, wallet
 * data). See base.ts for the amount, address and time conventions.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Amount, EpochSeconds, Hash, IsoTime, NullableAddress, Ok, PageTotals, Wei } from './base';
import { TokenHolding } from './tokens';
import { DecodedInput, TransactionListItem } from './transactions';
import { AddressDelegation } from './txKinds';

/** /getuserTransction: the address summary with one page of its transactions. */
/** A transaction named by hash, block and time (first and last transaction of an address). */
export const TxRef = Type.Object({ hash: Hash, blockNumber: Type.Integer(), timestamp: EpochSeconds });
export type TxRef = Static<typeof TxRef>;

export const AddressTransactionsResponse = Type.Object({
  status: Type.Boolean(),
  result: Type.Array(TransactionListItem),
  address: Address,
  balance: Amount,
  balanceWei: Wei,
  trx_length: Type.Integer({ description: 'transactions the address takes part in (sender, recipient or created contract)' }),
  Gasused: Type.String({ description: 'gas used by the transactions the address sent (decimal digits)' }),
  latestBlockNumber: Type.Union([Type.Integer(), Type.Null()], { description: 'the indexed head' }),
  lastBalanceUpdate: Type.Union([Type.Integer(), Type.Null()], { description: 'block at which the balance was last read from the node' }),
  firstTransaction: Type.Optional(Type.Union([TxRef, Type.Null()], { description: "the address's oldest transaction (null when none)" })),
  lastTransaction: Type.Optional(Type.Union([TxRef, Type.Null()], { description: "the address's newest transaction (null when none)" })),
  ...PageTotals,
});
export type AddressTransactionsResponse = Static<typeof AddressTransactionsResponse>;

/** A call below the top level of a transaction, with value or not. */
export const InternalTransactionItem = Type.Object({
  hash: Hash,
  blockNumber: Type.Integer(),
  timestamp: EpochSeconds,
  createdAt: IsoTime,
  traceAddress: Type.String({ description: 'position in the call tree, e.g. "0,1"' }),
  contract: Address,
  from: Address,
  to: NullableAddress,
  value: Amount,
  valueWei: Wei,
  fee: Amount,
  feeWei: Wei,
  callType: Type.String({ description: 'call, staticcall, delegatecall, create, selfdestruct…' }),
  error: Type.Union([Type.String(), Type.Null()]),
  status: Type.Integer({ description: '1 when the call and its transaction succeeded, else 0' }),
  decodedInput: Type.Union([DecodedInput, Type.Null()], { description: "the parent transaction's decoded input" }),
});
export type InternalTransactionItem = Static<typeof InternalTransactionItem>;

export const InternalTransactionsResponse = Ok(Type.Array(InternalTransactionItem), {
  ...PageTotals,
  // Additive: an empty list is "none" only when this is null.
  internalTransactionsUnavailable: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description:
        'present when some indexed blocks came from a node without call traces: the list may be incomplete (empty does not mean none); absent otherwise',
    }),
  ),
});
export type InternalTransactionsResponse = Static<typeof InternalTransactionsResponse>;

export const TokenHoldingsResponse = Ok(Type.Array(TokenHolding));
export type TokenHoldingsResponse = Static<typeof TokenHoldingsResponse>;

export const BalanceResponse = Ok(Type.Object({ address: Address, balance: Amount, balanceWei: Wei }));
export type BalanceResponse = Static<typeof BalanceResponse>;

export const TokenBalanceResponse = Ok(
  Type.Object({
    balance: Type.Number({ description: 'whole tokens' }),
    balanceWei: Wei,
    decimals: Type.Integer(),
    symbol: Type.Union([Type.String(), Type.Null()]),
  }),
);
export type TokenBalanceResponse = Static<typeof TokenBalanceResponse>;

export const TopAccount = Type.Object({
  rank: Type.Integer({ description: 'position from 1' }),
  address: Address,
  balance: Amount,
  balanceWei: Wei,
  percentage: Type.Number({ description: 'balance ÷ total supply × 100' }),
});
export type TopAccount = Static<typeof TopAccount>;

export const TopAccountsResponse = Ok(Type.Array(TopAccount), PageTotals);
export type TopAccountsResponse = Static<typeof TopAccountsResponse>;

/**
 * /getAddressCounters: what the address page needs to draw its tab bar and overview in one answer
 * (the contract kind for its token / contract link, the holdings summary, which optional tabs
 * have rows), each a cheap lookup, never a page of rows.
 */
export const AddressCounters = Type.Object({
  /** 'rbc20' (a token), 'dapp' (any other contract), null (not a contract). */
  contractType: Type.Union([Type.Literal('rbc20'), Type.Literal('dapp'), Type.Null()]),
  /** An NFT collection (its page is the token page). */
  nft: Type.Boolean(),
  /** A contract whose source is verified (false for any other address). */
  verified: Type.Boolean(),
  /** A contract the indexer resolved as a proxy (its contract page has Read / Write as proxy). */
  proxy: Type.Boolean(),
  /** RBC20 tokens held with a non-zero balance. */
  tokens: Type.Integer({ minimum: 0 }),
  /** NFT collections the address holds items of. */
  nftCollections: Type.Integer({ minimum: 0 }),
  /** Whether the address sent or received token transfers (the Token transfers tab has rows). */
  tokenTransfers: Type.Boolean(),
  /** Whether the address made or received internal transactions (the Internal txns tab has rows). */
  internalTxns: Type.Boolean(),
  /** Whether the address has withdrawals (the Withdrawals tab). */
  withdrawals: Type.Boolean(),
  /** Whether the address emitted events (the Events tab). */
  events: Type.Boolean(),
  /** Whether the address has approvals in force (the Approvals tab). */
  approvals: Type.Boolean(),
  /** Its EIP-7702 delegation (the badge) and the newest changes (/getDelegation has more). */
  delegation: AddressDelegation,
});
export type AddressCounters = Static<typeof AddressCounters>;
export const AddressCountersResponse = Ok(AddressCounters);
export type AddressCountersResponse = Static<typeof AddressCountersResponse>;
