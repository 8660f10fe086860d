/** JSON-RPC shapes as Ethereum nodes (anvil, geth, reth, erigon) answer them: hex quantities. */

export interface RawTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  gas: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  input: string;
  nonce: string;
  transactionIndex: string;
  type?: string;
  chainId?: string;
  v?: string;
  r?: string;
  s?: string;
  /** EIP-7702 (type 4): the authorizations it carries. */
  authorizationList?: RawAuthorization[];
  /** EIP-4844 (type 3). */
  maxFeePerBlobGas?: string;
  blobVersionedHashes?: string[];
}

/** One EIP-7702 authorization as nodes answer it (yParity may come as v on older nodes). */
export interface RawAuthorization {
  chainId: string;
  address: string;
  nonce: string;
  yParity?: string;
  v?: string;
  r: string;
  s: string;
}

/**
 * A block as eth_getBlockByNumber answers it: with full transactions (`RawBlock`, the default) or
 * with their hashes only (`RawBlock<string>`, the `full: false` form).
 */
export interface RawBlock<Tx = RawTransaction> {
  number: string;
  hash: string;
  parentHash: string;
  miner: string;
  timestamp: string;
  size?: string;
  gasUsed: string;
  gasLimit: string;
  baseFeePerGas?: string;
  difficulty?: string;
  totalDifficulty?: string;
  nonce?: string;
  extraData?: string;
  mixHash?: string;
  receiptsRoot?: string;
  sha3Uncles?: string;
  stateRoot?: string;
  transactions: Tx[];
  /** EIP-4895 (Shanghai and later): validator withdrawals credited by the block; absent before. */
  withdrawals?: RawWithdrawal[];
}

/** Quantities in hex; amount in gwei. */
export interface RawWithdrawal {
  index: string;
  validatorIndex: string;
  address: string;
  amount: string;
}

export interface RawLog {
  address: string;
  topics: string[];
  data: string;
  logIndex: string;
  transactionIndex: string;
  transactionHash: string;
}

export interface RawReceipt {
  transactionHash: string;
  transactionIndex: string;
  status?: string;
  gasUsed: string;
  effectiveGasPrice?: string;
  contractAddress?: string | null;
  logs: RawLog[];
  /** EIP-4844 (type 3 transactions). */
  blobGasUsed?: string;
  blobGasPrice?: string;
}

/** eth_getTransactionReceipt's answer: a receipt and where it was mined. */
export interface RawTransactionReceipt extends RawReceipt {
  blockNumber: string;
  blockHash: string;
  from: string;
  to: string | null;
}

/** txpool_status: counts as hex quantities (some nodes answer plain numbers). */
export interface RawTxpoolStatus {
  pending?: string | number;
  queued?: string | number;
}

/** txpool_content: the pool's transactions by sender and nonce (T: the fields a caller reads). */
export interface RawTxpoolContent<T> {
  pending?: Record<string, Record<string, T>>;
  queued?: Record<string, Record<string, T>>;
}

/** Parity-style trace (trace_block). */
export interface RawTrace {
  type: 'call' | 'create' | 'suicide' | 'reward' | string;
  action: {
    callType?: string;
    from?: string;
    to?: string;
    value?: string;
    gas?: string;
    input?: string;
    init?: string;
    address?: string;
    refundAddress?: string;
    balance?: string;
  };
  result?: { gasUsed?: string; output?: string; address?: string; code?: string } | null;
  error?: string;
  traceAddress: number[];
  transactionHash?: string | null;
  transactionPosition?: number | null;
}

/** Geth callTracer frame (debug_traceBlockByNumber fallback). */
export interface CallFrame {
  type: string;
  from: string;
  to?: string;
  value?: string;
  gas?: string;
  gasUsed?: string;
  input?: string;
  output?: string;
  error?: string;
  calls?: CallFrame[];
}

/** One step of the default struct logger (the fields the call tree reads). */
export interface StructLogStep {
  pc: number;
  op: string;
  depth: number;
}

/** One transaction's entry of debug_traceBlockByNumber with the callTracer. */
export interface CallTraceResult {
  txHash?: string;
  result?: CallFrame;
}

/** One account in a prestateTracer answer: absent fields are zero / empty (geth's omitempty). */
export interface PrestateAccount {
  balance?: string;
  nonce?: number;
  code?: string;
  storage?: Record<string, string>;
}

/**
 * debug_traceTransaction with the prestateTracer in diff mode: `pre` holds every modified account
 * as it was (only the slots that changed), `post` only what changed. An account in `pre` and not in
 * `post` was removed; a slot in `pre` and not in `post` became zero.
 */
export interface PrestateDiff {
  pre: Record<string, PrestateAccount>;
  post: Record<string, PrestateAccount>;
}
