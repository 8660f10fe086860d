/**
 * Transaction shapes shared by the lists (all transactions, address, block, home, socket).
 * Field names follow docs/decisions.md#spec-entities; see base.ts for the amount and time conventions.
 */
import { InputDataField } from './proxy';
import { TxAuthorization, TxBlobFields, TxFeeFigures } from './txKinds';
import { TxSummary } from './txSummary';
import { Type, type Static } from '@sinclair/typebox';
import { Address, Amount, EpochSeconds, Hash, IsoTime, NullableAddress, Ok, PageTotals, Wei } from './base';

export const DecodedInput = Type.Array(Type.Record(Type.String(), Type.Unknown()), {
  description:
    'decoded call arguments in the spec shapes: token transfer [{ _to, _value }], swap [{ amountIn, amountOutMin, path, to }], ...',
});

export const TransactionListItem = Type.Object({
  hash: Hash,
  blockNumber: Type.Integer(),
  transactionIndex: Type.Integer(),
  timestamp: EpochSeconds,
  createdAt: IsoTime,
  from: Address,
  to: NullableAddress,
  contractAddress: NullableAddress,
  value: Amount,
  valueWei: Wei,
  fee: Amount,
  feeWei: Wei,
  status: Type.Integer({ description: '1 success, 0 failed (the receipt status)' }),
  transactiontype: Type.Integer({ description: '0 coin transfer, 1 contract create, 2 token transfer, 3 contract call' }),
  functionName: Type.Union([Type.String(), Type.Null()]),
  tokenAddress: NullableAddress,
  decodedInput: Type.Union([DecodedInput, Type.Null()]),
  tokenValueWei: Type.Optional(
    Type.String({ description: 'a successful token transfer: the amount its Transfer event moved (base units)' }),
  ),
  tokenSymbol: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'the moved token symbol' })),
  tokenDecimals: Type.Optional(Type.Integer({ description: 'the moved token decimals (0 for an NFT)' })),
  tokenId: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'the NFT token id when an NFT moved' })),
  summary: Type.Optional(TxSummary),
});
export type TransactionListItem = Static<typeof TransactionListItem>;

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);
const NullableAmount = Type.Union([Amount, Type.Null()]);
const NullableWei = Type.Union([Wei, Type.Null()]);

/** /getAllTransction/{page}/{size}: newest first. */
export const AllTransactionsPage = Ok(Type.Array(TransactionListItem), PageTotals);
export type AllTransactionsPage = Static<typeof AllTransactionsPage>;

/** A token as the transaction page names it. */
export const TokenRef = Type.Object({
  address: Address,
  name: NullableString,
  symbol: NullableString,
  decimals: Type.Integer({ description: 'the token decimals (18 when the token did not say; 0 for NFTs)' }),
});
export type TokenRef = Static<typeof TokenRef>;

/** One Transfer event of the transaction (RBC20; NFTs carry tokenId and value 1). */
export const TxTokenTransfer = Type.Object({
  logIndex: Type.Integer(),
  from: Address,
  to: Address,
  tokenAddress: Address,
  tokenName: NullableString,
  tokenSymbol: NullableString,
  tokenDecimals: Type.Integer(),
  value: Type.Number({ description: 'whole tokens for display' }),
  valueWei: Wei,
  tokenId: NullableString,
});
export type TxTokenTransfer = Static<typeof TxTokenTransfer>;

/** One call below the top level of the transaction, in execution order. */
export const TxInternalCall = Type.Object({
  traceAddress: Type.String({ description: 'position in the call tree, e.g. "0,1"' }),
  callType: Type.String({ description: 'call, staticcall, delegatecall, create, selfdestruct…' }),
  from: Address,
  to: NullableAddress,
  value: Amount,
  valueWei: Wei,
  gas: NullableString,
  gasUsed: NullableString,
  error: NullableString,
});
export type TxInternalCall = Static<typeof TxInternalCall>;

/** DEX details of a swap, in token units with each token's decimals. */
export const DexDetails = Type.Object({
  function: Type.String(),
  path: Type.Array(Address),
  pathSymbols: Type.Array(NullableString),
  recipient: NullableAddress,
  tokenIn: Type.Union([TokenRef, Type.Null()]),
  tokenOut: Type.Union([TokenRef, Type.Null()]),
  amountIn: NullableAmount,
  amountInWei: NullableWei,
  amountOut: Type.Union([Amount, Type.Null()], {
    description: 'what the recipient received (from the Transfer events); null when the swap failed',
  }),
  amountOutWei: NullableWei,
  minReceived: NullableAmount,
  minReceivedWei: NullableWei,
});
export type DexDetails = Static<typeof DexDetails>;

/** The token a swap's recipient received. */
export const TokenReceived = Type.Object({
  ...TokenRef.properties,
  to: Address,
  amount: Amount,
  amountWei: Wei,
});
export type TokenReceived = Static<typeof TokenReceived>;

/** A frame of geth's callTracer shape (quantities as 0x hex, addresses in the r form). */
export interface CallTrace {
  type: string;
  from: string;
  to?: string;
  value: string;
  gas?: string;
  gasUsed?: string;
  input: string;
  output?: string;
  error?: string;
  calls: CallTrace[];
}

export const CallTraceSchema = Type.Unsafe<CallTrace>(
  Type.Object(
    {
      type: Type.String({ description: 'CALL, STATICCALL, DELEGATECALL, CREATE, SELFDESTRUCT' }),
      from: Type.String(),
      to: Type.Optional(Type.String()),
      value: Type.String({ description: '0x hex wei' }),
      gas: Type.Optional(Type.String()),
      gasUsed: Type.Optional(Type.String()),
      input: Type.String(),
      output: Type.Optional(Type.String()),
      error: Type.Optional(Type.String()),
      calls: Type.Array(Type.Unknown(), { description: 'nested frames of the same shape' }),
    },
    { description: 'a synthetic callTracer trace built from the transaction and its internal calls' },
  ),
);

/** Transaction (detail), docs/decisions.md#spec-entities plus the documented full form. */
const TransactionDetailObject = Type.Object({
  hash: Hash,
  status: Type.Integer({ description: '1 success, 0 failed' }),
  functionName: NullableString,
  blockNumber: Type.Integer(),
  blockHash: Hash,
  createdAt: IsoTime,
  timestamp: EpochSeconds,
  updatedAt: Type.String({ description: 'ISO time of the data (the block time: a mined transaction does not change)' }),
  from: Address,
  to: NullableAddress,
  contract: Type.Union([Address, Type.Null()], { description: 'the contract called or created' }),
  contractAddress: Type.Union([Address, Type.Null()], { description: 'the contract created (receipt contractAddress)' }),
  value: Amount,
  valueWei: Wei,
  amount: Type.Number({ description: 'token amount (whole tokens) for a token transfer, else value in RUBY' }),
  amountWei: Wei,
  fee: Amount,
  feeWei: Wei,
  gas: Type.String({ description: 'gas limit of the transaction' }),
  gasLimit: Type.String(),
  gasPrice: Type.Number({ description: 'effective gas price in RUBY' }),
  gasPriceWei: Wei,
  gasUsed: Type.String(),
  nonce: Type.Integer(),
  transactionIndex: Type.Integer(),
  transactiontype: Type.Integer({ description: '0 coin transfer, 1 contract create, 2 token transfer, 3 contract call' }),
  transactionType: Type.String({ description: 'label of transactiontype' }),
  decodedInput: Type.Union([DecodedInput, Type.Null()]),
  tokenAddress: NullableAddress,
  tokenName: NullableString,
  tokenSymbol: NullableString,
  tokenDecimals: NullableInteger,
  tokenValue: Type.Union([Type.Number(), Type.Null()], { description: 'whole tokens of a token transfer' }),
  tokenValueWei: NullableWei,
  input: Type.String(),
  type: Type.Integer({ description: 'envelope type: 0 legacy, 1 access list, 2 EIP-1559…' }),
  chainId: NullableInteger,
  v: NullableString,
  r: NullableString,
  s: NullableString,
  otherDetails: Type.Object({
    maxFeePerGas: NullableWei,
    maxPriorityFeePerGas: NullableWei,
    effectiveGasPrice: Wei,
    gasPriceOffered: NullableWei,
    baseFeePerGas: NullableWei,
    ...TxFeeFigures.properties,
  }),
  confirmations: Type.Integer({ description: 'blocks on top of its block, itself included, at the indexed head (head − block + 1)' }),
  blob: Type.Union([TxBlobFields, Type.Null()], { description: 'EIP-4844 fields of a type 3 transaction; null for other types' }),
  authorizationList: Type.Array(TxAuthorization, {
    description: 'EIP-7702 authorizations of a type 4 transaction, in list order; [] for other types',
  }),
  tokenTransfers: Type.Array(TxTokenTransfer),
  internalTransactions: Type.Union([Type.Array(TxInternalCall), Type.Null()], {
    description:
      'calls below the top level; [] when there are none, null when not available (the block was indexed from a node without call traces: see internalTransactionsUnavailable)',
  }),
  internalTransactionsUnavailable: Type.Union([Type.String(), Type.Null()], {
    description: 'why internalTransactions and rawTrace are null, in plain words; null when they are available',
  }),
  dex: Type.Union([DexDetails, Type.Null()], { description: 'swap details; null when the transaction is not a swap' }),
  tokenReceived: Type.Union([TokenReceived, Type.Null()]),
  rawTrace: Type.Union([CallTraceSchema, Type.Null()], {
    description: 'callTracer-shaped call tree; null when internal calls are not available (see internalTransactionsUnavailable)',
  }),
  ...InputDataField,
  summary: TxSummary,
});
export type TransactionDetail = Static<typeof TransactionDetailObject>;
/** The same schema behind a precomputed static type (the full inference is too deep for Fastify's route types). */
export const TransactionDetail = Type.Unsafe<TransactionDetail>(TransactionDetailObject);

export const TransactionDetailResponse = Ok(TransactionDetail);
export type TransactionDetailResponse = Static<typeof TransactionDetailResponse>;
