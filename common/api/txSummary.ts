/**
 * What a transaction did, as a typed list of actions in execution order,
 * deterministic from the chain (the transaction, its logs, its internal transfers and, for a failed
 * one, its replayed revert). Structured data only: the words come from one renderer
 * (common/txSummaryRender.ts) in the SPA's language or, where the server needs plain text, in English.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, NullableAddress, Wei } from './base';

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** A token (or NFT collection) as a summary names it. */
export const SummaryToken = Type.Object({
  address: Address,
  symbol: NullableString,
  name: NullableString,
  decimals: Type.Integer({ description: '18 when the token did not say; 0 for an NFT' }),
});
export type SummaryToken = Static<typeof SummaryToken>;

/** An address with the label a reader knows it by: its public name tag, else a verified or token name. */
export const SummaryParty = Type.Object({ address: Address, label: NullableString });
export type SummaryParty = Static<typeof SummaryParty>;

const kind = <K extends string>(k: K) => Type.Literal(k);

export const CoinTransferAction = Type.Object({ kind: kind('coinTransfer'), from: Address, to: SummaryParty, amountWei: Wei });
export const TokenTransferAction = Type.Object({
  kind: kind('tokenTransfer'),
  token: SummaryToken,
  from: Address,
  to: SummaryParty,
  amountWei: Wei,
});
export const SwapAction = Type.Object({
  kind: kind('swap'),
  tokenIn: SummaryToken,
  amountInWei: Wei,
  tokenOut: SummaryToken,
  amountOutWei: Wei,
  pool: Type.Union([SummaryParty, Type.Null()], {
    description: 'the pair swapped in; for a multi-hop swap, the contract the transaction called (the router)',
  }),
  hops: Type.Integer({ description: 'pools the swap went through' }),
});
const LiquidityFields = {
  pool: SummaryParty,
  token0: SummaryToken,
  amount0Wei: Wei,
  token1: SummaryToken,
  amount1Wei: Wei,
};
export const AddLiquidityAction = Type.Object({ kind: kind('addLiquidity'), ...LiquidityFields });
export const RemoveLiquidityAction = Type.Object({ kind: kind('removeLiquidity'), ...LiquidityFields });
export const ApproveAction = Type.Object({
  kind: kind('approve'),
  token: SummaryToken,
  spender: SummaryParty,
  amountWei: Wei,
  unlimited: Type.Boolean({ description: 'the maximum uint256 (or above 2^255): no limit' }),
});
export const RevokeAction = Type.Object({ kind: kind('revoke'), token: SummaryToken, spender: SummaryParty });
const NftFields = { collection: SummaryToken, tokenIds: Type.Array(Type.String()) };
export const NftMintAction = Type.Object({ kind: kind('nftMint'), to: SummaryParty, ...NftFields });
export const NftTransferAction = Type.Object({ kind: kind('nftTransfer'), from: Address, to: SummaryParty, ...NftFields });
export const NftBurnAction = Type.Object({ kind: kind('nftBurn'), from: Address, ...NftFields });
export const ContractCreationAction = Type.Object({
  kind: kind('contractCreation'),
  contract: SummaryParty,
  name: Type.Union([Type.String(), Type.Null()], { description: 'the verified contract name (or the token name)' }),
});
export const ProxyUpgradeAction = Type.Object({ kind: kind('proxyUpgrade'), proxy: SummaryParty, implementation: SummaryParty });
export const DelegationSetAction = Type.Object({
  kind: kind('delegationSet'),
  authority: Type.Union([Address, Type.Null()], { description: 'recovered from the authorisation; null when it does not recover' }),
  delegate: SummaryParty,
});
export const DelegationClearedAction = Type.Object({ kind: kind('delegationCleared'), authority: NullableAddress });
export const CallAction = Type.Object({
  kind: kind('call'),
  method: Type.Union([Type.String(), Type.Null()], { description: 'the decoded method name; null when unknown' }),
  selector: Type.Union([Type.String(), Type.Null()], { description: '0x + 8 hex digits; null for empty input' }),
  contract: SummaryParty,
});

/** Why a transaction reverted, decoded from the revert data of its replay. */
export const RevertReason = Type.Union([
  Type.Object({ kind: kind('error'), message: Type.String({ description: 'Error(string)' }) }),
  Type.Object({ kind: kind('panic'), code: Type.Integer({ description: 'Panic(uint256) code; the renderer names its meaning' }) }),
  Type.Object({
    kind: kind('custom'),
    name: Type.String(),
    args: Type.Array(Type.String(), { description: 'decoded arguments, addresses in the r form' }),
  }),
  Type.Object({ kind: kind('unknown'), data: Type.String({ description: 'revert data no verified ABI decodes' }) }),
  Type.Object({ kind: kind('empty'), message: NullableString }),
  Type.Object({ kind: kind('unavailable') }),
]);
export type RevertReason = Static<typeof RevertReason>;

export const FailedAction = Type.Object({
  kind: kind('failed'),
  method: Type.Union([Type.String(), Type.Null()]),
  contract: Type.Union([SummaryParty, Type.Null()], { description: 'the contract called; null for a creation or a coin transfer' }),
  reason: RevertReason,
});

export const TxAction = Type.Union([
  CoinTransferAction,
  TokenTransferAction,
  SwapAction,
  AddLiquidityAction,
  RemoveLiquidityAction,
  ApproveAction,
  RevokeAction,
  NftMintAction,
  NftTransferAction,
  NftBurnAction,
  ContractCreationAction,
  ProxyUpgradeAction,
  DelegationSetAction,
  DelegationClearedAction,
  CallAction,
  FailedAction,
]);
export type TxAction = Static<typeof TxAction>;
export type TxActionKind = TxAction['kind'];
export type ActionOf<K extends TxActionKind> = Extract<TxAction, { kind: K }>;

export const TxSummary = Type.Array(TxAction, {
  description: 'what the transaction did, in order, at most 20 actions; a failed transaction is one failed action with its revert reason',
});
export type TxSummary = Static<typeof TxSummary>;
