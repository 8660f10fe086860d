/** Internal transactions in Blockscout's InternalTransaction shape (a transaction's calls, an address's). */
import { bsAddress, bsTime, type AddressBook } from './common';

export interface InternalFacts {
  callType: string;
  from: string;
  to: string | null;
  valueWei: string;
  gas: string | null;
  error: string | null;
  txHash: string;
  txIndex: number;
  blockNumber: number;
  timestamp: number;
  /** Position among the transaction's internal transactions, from 1 (Blockscout's index). */
  index: number;
}

export function shapeInternal(c: InternalFacts, book: AddressBook) {
  const create = c.callType.startsWith('create');
  return {
    error: c.error,
    success: c.error === null,
    type: create ? c.callType : c.callType === 'selfdestruct' ? 'selfdestruct' : 'call',
    transaction_hash: c.txHash,
    transaction_index: c.txIndex,
    from: bsAddress(c.from, book),
    // Blockscout names a created contract in created_contract and leaves `to` null.
    to: create || c.to === null ? null : bsAddress(c.to, book),
    created_contract: create && c.to !== null ? bsAddress(c.to, book) : null,
    value: c.valueWei,
    block_number: c.blockNumber,
    timestamp: bsTime(c.timestamp),
    index: c.index,
    gas_limit: c.gas === null ? null : BigInt(c.gas).toString(),
    block_index: null,
  };
}
