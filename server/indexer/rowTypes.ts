/**
 * The shapes of the indexer's pure step (transform.ts): what the fetch stage hands it
 * (FetchedBlock), what it asks about contracts (KnownContracts), and the rows and deltas it
 * returns (BatchRows), which the write stage stores (write.ts) as they are.
 */
import type { Interface } from 'ethers';
import type { RawBlock, RawReceipt } from '../chain/types';
import type { HolderKey } from './holderKey';
import type { InternalCall } from './traces';
import type { WithdrawalRow } from './withdrawals';
import type { AuthorizationRow, BlobRow } from './authorizations';

export interface FetchedBlock {
  block: RawBlock;
  receipts: RawReceipt[];
  internal: InternalCall[];
  /** Whether traces were fetched for this block: false on a node without traces. */
  traced: boolean;
}

export interface KnownContracts {
  isContract(address: string): boolean;
  isToken(address: string): boolean;
  abi(address: string): Interface | undefined;
}

export interface BlockRow {
  number: number;
  hash: string;
  parentHash: string;
  miner: string;
  timestamp: number;
  size: number;
  gasUsed: bigint;
  gasLimit: bigint;
  baseFeePerGas: bigint | null;
  difficulty: bigint;
  totalDifficulty: bigint | null;
  nonce: string | null;
  extraData: string | null;
  mixHash: string | null;
  receiptsRoot: string | null;
  sha3Uncles: string | null;
  stateRoot: string | null;
  txCount: number;
  traced: boolean;
}

export interface TxRow {
  hash: string;
  blockNumber: number;
  txIndex: number;
  timestamp: number;
  from: string;
  to: string | null;
  contractAddress: string | null;
  value: bigint;
  gas: bigint;
  gasPrice: bigint | null;
  maxFeePerGas: bigint | null;
  maxPriorityFeePerGas: bigint | null;
  effectiveGasPrice: bigint;
  gasUsed: bigint;
  fee: bigint;
  nonce: number;
  input: string;
  status: number;
  envelopeType: number;
  chainId: number | null;
  v: string | null;
  r: string | null;
  s: string | null;
  txType: number;
  method: string | null;
  decodedInput: unknown;
  tokenAddress: string | null;
}

export interface LogRow {
  blockNumber: number;
  logIndex: number;
  txHash: string;
  txIndex: number;
  address: string;
  topics: (string | null)[];
  data: string;
}

export interface TransferRow {
  blockNumber: number;
  logIndex: number;
  txHash: string;
  txIndex: number;
  timestamp: number;
  token: string;
  from: string;
  to: string;
  value: bigint;
  tokenId: bigint | null;
  /** An ERC-1155 TransferBatch's position of the id in the log (018); 0 otherwise. */
  batchIndex?: number;
}

export interface CreatedContract {
  address: string;
  blockNumber: number;
  txHash: string;
  creator: string;
  timestamp: number;
}

export interface BatchRows {
  blocks: BlockRow[];
  txs: TxRow[];
  addressTxs: { address: string; blockNumber: number; txIndex: number; hash: string }[];
  logs: LogRow[];
  transfers: TransferRow[];
  internal: (InternalCall & { blockNumber: number; timestamp: number })[];
  created: CreatedContract[];
  withdrawals: WithdrawalRow[];
  /** EIP-7702 authorizations (validity settled in prepare.ts) and EIP-4844 blob fields. */
  authorizations: AuthorizationRow[];
  blobs: BlobRow[];
  /** Addresses whose coin balance may have changed. */
  touched: Set<string>;
  /** The blocks at which each touched address was touched (its coin balance history: balanceHistory.ts). */
  touchedAt: Map<string, Set<number>>;
  /** (token, holder) pairs whose token balance may have changed. */
  tokenHolders: Set<HolderKey>;
  addressDeltas: Map<string, { txCount: number; gasUsed: bigint; firstBlock: number; lastBlock: number }>;
  hourly: Map<number, { txCount: number; totalFee: bigint; tokenTx: number; contractTx: number }>;
  contractDeltas: Map<string, { txCount: number; transferCount: number }>;
}
