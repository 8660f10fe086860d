/** Logs in Blockscout's Log shape, from the log items of queries/logs.ts (decoded when we can). */
import { isAddress, toChecksumHexAddress } from '../../../common/address';
import type { LogItem } from '../../../common/api/logs';
import { bsAddress, bsTime, type AddressBook } from './common';

/** Our decoded values name addresses in the r form: Blockscout's are 0x, checksummed. */
export const hexValue = (v: string): string => (/^r[0-9a-fA-F]{40}$/.test(v) && isAddress(v) ? toChecksumHexAddress(v) : v);

export function shapeLog(l: LogItem, blockHash: string, book: AddressBook) {
  const contract = book.get(toChecksumHexAddress(l.address).toLowerCase());
  const d = l.decoded;
  return {
    transaction_hash: l.hash,
    address: bsAddress(l.address, book),
    topics: [0, 1, 2, 3].map((i) => l.topics[i] ?? null),
    data: l.data,
    index: l.logIndex,
    decoded: d
      ? {
          method_id: (l.topics[0] ?? '').slice(2, 10),
          method_call: `${d.name}(${d.args.map((a) => `${a.type}${a.indexed ? ' indexed' : ''} ${a.name}`.trim()).join(', ')})`,
          parameters: d.args.map((a) => ({ name: a.name, type: a.type, indexed: a.indexed, value: hexValue(a.value) })),
        }
      : null,
    smart_contract: contract?.isContract ? bsAddress(l.address, book) : null,
    block_hash: blockHash,
    block_number: l.blockNumber,
    block_timestamp: bsTime(l.timestamp),
  };
}
