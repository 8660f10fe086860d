/** What the explorer API answers, as far as this package promises it (more fields may come). */

export interface Balance {
  /** `r…` address. */
  address: string;
  /** Exact RUBY amount as a decimal string ('12.5'). */
  balance: string;
  /** The same amount in wei. */
  balanceWei: bigint;
}

export interface TokenBalance {
  /** Exact token amount as a decimal string, in whole tokens. */
  balance: string;
  /** The same amount in the token's base units. */
  balanceWei: bigint;
  decimals: number;
  symbol: string | null;
}

export interface SentTransaction {
  /** 0x transaction hash; pass it to waitForTransaction or getTransaction. */
  hash: string;
  /** `r…` sender. */
  from: string;
  /** `r…` recipient (for a token: the token's recipient, not the contract). */
  to: string;
  /** Amount sent, in wei (coin) or token base units. */
  amountWei: bigint;
  nonce: number;
}

export interface Receipt {
  hash: string;
  blockNumber: number;
  /** 1 success, 0 failed (reverted). */
  status: number;
  gasUsed: bigint;
}

/** GET /getTransactionData/{hash}: the explorer's transaction detail. */
export interface TransactionInfo {
  hash: string;
  /** 1 success, 0 failed. */
  status: number;
  blockNumber: number;
  blockHash: string;
  timestamp: number;
  createdAt: string;
  from: string;
  to: string | null;
  /** RUBY (display number); exact wei in valueWei. */
  value: number;
  valueWei: string;
  fee: number;
  feeWei: string;
  nonce: number;
  /** 0 coin transfer, 1 contract create, 2 token transfer, 3 contract call. */
  transactiontype: number;
  transactionType: string;
  tokenAddress: string | null;
  tokenSymbol: string | null;
  tokenValue: number | null;
  [field: string]: unknown;
}

/** A transaction as blocks list them. */
export interface BlockTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: number;
  valueWei: string;
  [field: string]: unknown;
}

/** GET /getBlockNumberdata/{block}: the block's own fields. */
export interface BlockHeader {
  number: number;
  hash: string;
  parentHash: string;
  /** `r…` validator. */
  miner: string;
  timestamp: number;
  createdAt: string;
  gasUsed: string;
  gasLimit: string;
  baseFeePerGas: string | null;
  size: number;
  totaltransaction: number;
  [field: string]: unknown;
}

/** The block with its transactions. */
export interface BlockInfo extends BlockHeader {
  transactions: BlockTransaction[];
}
