/**
 * POST /estimatecall: what a contract write would cost, asked before anything is signed (the
 * Write contract forms). A call the node would revert is an answer, not an error: `gasLimit` is
 * null and `revert` carries the node's revert data (0x…, for the browser to decode with the
 * contract's ABI: Error(string), Panic(uint256) or a custom error) and its message.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Ok, Wei } from './base';

export const EstimateCallBody = Type.Object({
  from: Type.String({ description: 'the signer, r… or 0x…' }),
  to: Type.String({ description: 'the contract, r… or 0x…' }),
  value: Type.Optional(Type.String({ description: 'wei, decimal digits' })),
  data: Type.String({ maxLength: 100_000, description: '0x calldata' }),
});
export type EstimateCallBody = Static<typeof EstimateCallBody>;

export const CallRevert = Type.Object({
  data: Type.Union([Type.String(), Type.Null()], { description: 'the revert data, 0x…, null when the node gave none' }),
  message: Type.String({ description: "the node's words" }),
});
export type CallRevert = Static<typeof CallRevert>;

export const EstimateCall = Type.Object({
  chainId: Type.Integer(),
  gasLimit: Type.Union([Wei, Type.Null()], { description: 'estimate with 20 % headroom; null when the call reverts' }),
  maxFeePerGas: Wei,
  revert: Type.Union([CallRevert, Type.Null()]),
});
export type EstimateCall = Static<typeof EstimateCall>;
export const EstimateCallResponse = Ok(EstimateCall);
export type EstimateCallResponse = Static<typeof EstimateCallResponse>;
