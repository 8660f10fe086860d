/**
 * The fields of the modern transaction kinds the transaction and block details
 * carry: EIP-1559 fee figures, EIP-4844 blob fields, EIP-7702 authorization lists, and an
 * account's delegation (its history from the indexed authorizations).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Hash, NullableAddress, Ok, Wei } from './base';

const NullableWei = Type.Union([Wei, Type.Null()]);

/** EIP-1559 figures of a transaction, in wei (null where the envelope or the block has none). */
export const TxFeeFigures = Type.Object({
  priorityFeePerGas: Type.Union([Wei, Type.Null()], {
    description: 'the priority fee per gas paid to the block producer: effective gas price − base fee; null without a base fee',
  }),
  priorityFee: Type.Union([Wei, Type.Null()], { description: 'priorityFeePerGas × gasUsed' }),
  burntFee: Type.Union([Wei, Type.Null()], { description: "the block's base fee × gasUsed; null without a base fee" }),
  savedFee: Type.Union([Wei, Type.Null()], {
    description: '(maxFeePerGas − effective gas price) × gasUsed: what the sender offered but did not pay; null without maxFeePerGas',
  }),
});
export type TxFeeFigures = Static<typeof TxFeeFigures>;

/** EIP-4844 fields of a type 3 transaction. */
export const TxBlobFields = Type.Object({
  versionedHashes: Type.Array(Hash),
  maxFeePerBlobGas: NullableWei,
  blobGasUsed: Type.Union([Type.String(), Type.Null()]),
  blobGasPrice: NullableWei,
  blobFee: Type.Union([Wei, Type.Null()], { description: 'blobGasUsed × blobGasPrice' }),
});
export type TxBlobFields = Static<typeof TxBlobFields>;

export const AUTHORIZATION_INVALID_REASONS = ['chain_id', 'nonce', 'signature'] as const;
export type AuthorizationInvalidReason = (typeof AUTHORIZATION_INVALID_REASONS)[number];

/** One entry of an EIP-7702 authorization list, as indexed. */
export const TxAuthorization = Type.Object({
  index: Type.Integer({ description: 'position in the list' }),
  chainId: Type.String({ description: 'decimal; 0 means any chain' }),
  delegate: Address,
  cleared: Type.Boolean({ description: 'the delegate is the zero address: the authorization clears a delegation' }),
  nonce: Type.String({ description: 'decimal' }),
  yParity: Type.Integer(),
  r: Type.String(),
  s: Type.String(),
  authority: Type.Union([Address, Type.Null()], {
    description:
      'the signer, recovered from the signature over keccak(0x05 || rlp([chain_id, address, nonce])); null when it does not recover',
  }),
  valid: Type.Union([Type.Boolean(), Type.Null()], {
    description: 'whether the node applied it: chain id 0 or ours, nonce equal to the authority’s, signature recovers; null when unknown',
  }),
  invalidReason: Type.Union([Type.Union(AUTHORIZATION_INVALID_REASONS.map((r) => Type.Literal(r))), Type.Null()]),
});
export type TxAuthorization = Static<typeof TxAuthorization>;

/** One change of an account's EIP-7702 delegation (a valid authorization it signed). */
export const DelegationChange = Type.Object({
  delegate: NullableAddress,
  cleared: Type.Boolean(),
  blockNumber: Type.Integer(),
  timestamp: Type.Integer(),
  txHash: Hash,
});
export type DelegationChange = Static<typeof DelegationChange>;

/** /getDelegation/{address}: the current delegation (null: none) and its history, newest first. */
export const AddressDelegation = Type.Object({
  delegate: Type.Union([Address, Type.Null()], {
    description: 'the account code is 0xef0100 ‖ delegate (from the newest valid authorization it signed); null when not delegated',
  }),
  history: Type.Array(DelegationChange),
});
export type AddressDelegation = Static<typeof AddressDelegation>;

export const AddressDelegationResponse = Ok(AddressDelegation);
export type AddressDelegationResponse = Static<typeof AddressDelegationResponse>;

/** Block fee figures: burnt base fees and the producer's reward. */
export const BlockFeeFields = {
  burntFees: Type.Union([Wei, Type.Null()], {
    description: 'baseFeePerGas × gasUsed (execution gas; blob gas is not counted); null before EIP-1559',
  }),
  reward: Type.Union([Wei, Type.Null()], {
    description:
      "the priority fees paid to the block producer: the block's transaction fees minus the burnt fees (no block subsidy on this chain)",
  }),
  totalFees: Wei,
};
