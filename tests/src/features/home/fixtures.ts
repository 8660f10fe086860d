/** Home API and live-channel fixtures (shapes of common/api). Not a test file. */
import type { BlockListItem } from '../../../../common/api/blocks';
import type { DeployRecord, HourlyPoint } from '../../../../common/api/charts';
import type { HomeData } from '../../../../common/api/home';
import type { TransactionUpdate } from '../../../../common/api/socket';
import type { TransactionListItem } from '../../../../common/api/transactions';

export const NOW = Math.floor(Date.now() / 1000);
const hex = (n: number, len: number) => n.toString(16).padStart(len, '0');
export const addr = (n: number) => `r${hex(n, 40)}`;
export const txHash = (n: number) => `0x${hex(n, 64)}`;

export const HOME: HomeData = {
  latestBlockNumber: 100,
  trx_length: 1234,
  totaladdress: 56,
  twentyFourHoursAgotxn: 321,
  totalFees24Hours: 0.5,
  totalFees24HoursWei: '500000000000000000',
  avgFee24Hours: 0.001,
  avgFee24HoursWei: '1000000000000000',
  fee: 0.00021,
  feeWei: '210000000000000',
  gasPriceWei: '10000000000',
  pendingTransactions: 0,
  avgBlockTime: 10,
  rubyprice: 0.25,
  nodeReachable: true,
  nodeDataAsOf: NOW,
  nodeDataAge: 0,
};

export const GRAPH: HourlyPoint[] = Array.from({ length: 24 }, (_, i) => ({
  _id: i,
  hour: i,
  count: i * 2,
  totalFee: i / 1000,
  totalFeeWei: String(BigInt(i) * 10n ** 15n),
  createdAt: new Date((NOW - (24 - i) * 3600) * 1000).toISOString(),
  timestamp: NOW - (24 - i) * 3600,
}));

export function block(n: number, trx = 3): BlockListItem {
  return {
    blockNumber: n,
    timestamp: NOW - (100 - n) * 10,
    createdAt: new Date((NOW - (100 - n) * 10) * 1000).toISOString(),
    Trx: trx,
    blockHash: txHash(n + 1000),
    miner: 'r123456789012345678901234567890123abcdef',
    size: 1000,
    gasUsed: '21000',
  };
}
export const BLOCKS = [100, 99, 98, 97, 96].map((n) => block(n));

export function tx(n: number, over: Partial<TransactionListItem> = {}): TransactionListItem {
  return {
    hash: txHash(n),
    blockNumber: 100,
    transactionIndex: n,
    timestamp: NOW - 5,
    createdAt: new Date((NOW - 5) * 1000).toISOString(),
    from: addr(n),
    to: addr(n + 500),
    contractAddress: null,
    value: 1.5,
    valueWei: '1500000000000000000',
    fee: 0.00021,
    feeWei: '210000000000000',
    status: 1,
    transactiontype: 0,
    functionName: null,
    tokenAddress: null,
    decodedInput: null,
    ...over,
  };
}

/** Full rows (as /getHomeScreen answers them; the channel sends fewer fields). */
export const LIVE: Record<keyof Omit<TransactionUpdate, 'v' | 'since'>, TransactionListItem[]> = {
  TransactionHistories: Array.from({ length: 20 }, (_, i) => tx(i + 1)),
  Tokentransaction: [tx(101, { transactiontype: 2, value: 0, valueWei: '0' }), tx(102, { transactiontype: 2, status: 0 })],
  Contracttransaction: [tx(201, { transactiontype: 3 }), tx(202, { transactiontype: 7 })],
};

export function deploys(prefix: number, count: number, name: string): DeployRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    contract_address: addr(prefix + i),
    contractname: `${name} ${i + 1}`,
    createdAt: new Date((NOW - 60) * 1000).toISOString(),
    timestamp: NOW - 60,
    blockNumber: 90,
  }));
}
