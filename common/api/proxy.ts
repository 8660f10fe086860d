/**
 * Proxy shapes: what the contract and token detail answer about a proxy, and the
 * decoded input data of a transaction. Additive fields: the spec's fields are unchanged.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Hash } from './base';

/** How the implementation was found: a storage slot, the EIP-1167 bytecode, or the getter. */
export const PROXY_KINDS = ['eip1967', 'eip1967-beacon', 'eip1822', 'eip1167', 'getter'] as const;
export type ProxyKind = (typeof PROXY_KINDS)[number];

export const ProxyUpgrade = Type.Object({
  implementation: Type.Union([Address, Type.Null()], { description: 'the new implementation (null for a BeaconUpgraded event)' }),
  beacon: Type.Optional(Address),
  event: Type.Union([Type.Literal('Upgraded'), Type.Literal('BeaconUpgraded')]),
  blockNumber: Type.Integer(),
  txHash: Hash,
});
export type ProxyUpgrade = Static<typeof ProxyUpgrade>;

export const ProxyInfo = Type.Object(
  {
    kind: Type.Union([
      Type.Literal('eip1967'),
      Type.Literal('eip1967-beacon'),
      Type.Literal('eip1822'),
      Type.Literal('eip1167'),
      Type.Literal('getter'),
    ]),
    implementation: Address,
    beacon: Type.Optional(Address),
    implementationName: Type.Union([Type.String(), Type.Null()], { description: "the implementation's verified contract name" }),
    implementationVerified: Type.Boolean(),
    implementationAbi: Type.Union([Type.Array(Type.Unknown()), Type.Null()], {
      description: "the implementation's verified ABI (null when unverified): read and write the proxy with it",
    }),
    history: Type.Array(ProxyUpgrade, { description: 'Upgraded / BeaconUpgraded events, oldest first' }),
    live: Type.Boolean({ description: 'read from the node now (false: the last stored reading, the node being down)' }),
  },
  { description: 'set when the contract is a proxy' },
);
export type ProxyInfo = Static<typeof ProxyInfo>;

/** Additive field of the contract and token detail: the proxy, or null for any other contract. */
export const ProxyField = { proxy: Type.Optional(Type.Union([ProxyInfo, Type.Null()])) };

export const InputArg = Type.Object({ name: Type.String(), type: Type.String(), value: Type.Unknown() });
export type InputArg = Static<typeof InputArg>;

/** A transaction's input decoded: the function and its named, typed arguments. */
export const InputData = Type.Object({
  function: Type.String({ description: 'the function name' }),
  signature: Type.String({ description: 'e.g. transfer(address,uint256)' }),
  selector: Type.String(),
  source: Type.Union([Type.Literal('verified'), Type.Literal('implementation'), Type.Literal('standard')], {
    description: "whose ABI decoded it: the called contract's verified one, its implementation's behind a proxy, or a standard signature",
  }),
  args: Type.Array(InputArg, { description: 'integers as decimal strings, addresses r…, bytes 0x…' }),
});
export type InputData = Static<typeof InputData>;

/** Additive field of the transaction detail; null when no ABI or standard signature knows the call. */
export const InputDataField = { inputData: Type.Optional(Type.Union([InputData, Type.Null()])) };
