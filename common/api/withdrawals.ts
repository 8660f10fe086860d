/**
 * EIP-4895 withdrawals: validator withdrawals a block credits to addresses, for the
 * block page and the address page. Empty lists on a chain whose blocks carry none.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Amount, EpochSeconds, IsoTime, Ok, PageTotals, Wei } from './base';

export const WithdrawalItem = Type.Object({
  blockNumber: Type.Integer(),
  timestamp: EpochSeconds,
  createdAt: IsoTime,
  index: Type.String({ description: 'withdrawal index (uint64, decimal)' }),
  validatorIndex: Type.String({ description: 'validator index (uint64, decimal)' }),
  address: Address,
  amount: Amount,
  amountWei: Wei,
});
export type WithdrawalItem = Static<typeof WithdrawalItem>;

export const AddressWithdrawalsResponse = Ok(Type.Array(WithdrawalItem), PageTotals);
export type AddressWithdrawalsResponse = Static<typeof AddressWithdrawalsResponse>;

export const BlockWithdrawalsResponse = Ok(Type.Array(WithdrawalItem));
export type BlockWithdrawalsResponse = Static<typeof BlockWithdrawalsResponse>;
