/**
 * Event logs: every log of one transaction (the transaction page's Logs tab) and the events a
 * contract emitted, newest first (the address page's Events tab). A log is decoded (event name,
 * named and typed arguments) when the emitting contract is verified or the event is a standard
 * one (RBC20 / ERC-721 Transfer and Approval, the devnet DEX's Swap, Sync, Mint...); its raw
 * topics and data are always there.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, EpochSeconds, Hash, IsoTime, Ok, PageTotals } from './base';

export const DecodedLogArg = Type.Object({
  name: Type.String({ description: 'the parameter\'s name ("" when the ABI leaves it unnamed)' }),
  type: Type.String({ description: 'Solidity type, e.g. address, uint256, bytes32' }),
  indexed: Type.Boolean({ description: 'carried in a topic rather than in data' }),
  value: Type.String({ description: 'addresses as r…, integers in decimal, bytes as 0x…, tuples and arrays as JSON' }),
});
export type DecodedLogArg = Static<typeof DecodedLogArg>;

export const DecodedLog = Type.Object({
  name: Type.String({ description: 'event name, e.g. Transfer' }),
  signature: Type.String({ description: 'canonical signature, e.g. Transfer(address,address,uint256)' }),
  source: Type.Union([Type.Literal('verified'), Type.Literal('standard')], {
    description: "whose ABI decoded it: the contract's verified source, or a standard event",
  }),
  args: Type.Array(DecodedLogArg),
});
export type DecodedLog = Static<typeof DecodedLog>;

export const LogItem = Type.Object({
  logIndex: Type.Integer({ description: 'position in the block' }),
  blockNumber: Type.Integer(),
  timestamp: EpochSeconds,
  createdAt: IsoTime,
  hash: Hash,
  address: Address,
  topics: Type.Array(Hash, { description: "topic0 (the event's id) to topic3, as many as the log has" }),
  data: Type.String({ description: 'the non-indexed arguments, 0x… ABI-encoded' }),
  decoded: Type.Union([DecodedLog, Type.Null()], { description: 'null when no known ABI has this event' }),
});
export type LogItem = Static<typeof LogItem>;

export const TransactionLogsResponse = Ok(Type.Array(LogItem));
export type TransactionLogsResponse = Static<typeof TransactionLogsResponse>;

export const AddressEventsResponse = Ok(Type.Array(LogItem), PageTotals);
export type AddressEventsResponse = Static<typeof AddressEventsResponse>;
