/**
 * What the Etherscan account-module tests share (etherscanAccountTx.test.ts,
 * etherscanAccountTokens.test.ts): a devnet with the traffic generator's contracts, indexed, the
 * node's whole chain read once, and Etherscan's field lists in Etherscan's order.
 */
import { afterAll, beforeAll } from 'vitest';
import { hexToNumber } from '../../../server/chain/rpc';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { startIndexedChain, type IndexedChain } from '../../helpers/apiFixture';
import { dec, lower, readNodeChain, type NodeChain, type NodeTx } from './etherscanFixture';

export const TX_FIELDS = [
  'blockNumber',
  'timeStamp',
  'hash',
  'nonce',
  'blockHash',
  'transactionIndex',
  'from',
  'to',
  'value',
  'gas',
  'gasPrice',
  'isError',
  'txreceipt_status',
  'input',
  'contractAddress',
  'cumulativeGasUsed',
  'gasUsed',
  'confirmations',
  'methodId',
  'functionName',
  // Ours (issue #40), after Etherscan's fields: what the transaction did, in English.
  'summary',
];
export const TOKENTX_FIELDS = [
  'blockNumber',
  'timeStamp',
  'hash',
  'nonce',
  'blockHash',
  'from',
  'contractAddress',
  'to',
  'value',
  'tokenName',
  'tokenSymbol',
  'tokenDecimal',
  'transactionIndex',
  'gas',
  'gasPrice',
  'gasUsed',
  'cumulativeGasUsed',
  'input',
  'confirmations',
];
export const INTERNAL_FIELDS = [
  'blockNumber',
  'timeStamp',
  'hash',
  'from',
  'to',
  'value',
  'contractAddress',
  'input',
  'type',
  'gas',
  'gasUsed',
  'traceId',
  'isError',
  'errCode',
];

export let chain: IndexedChain;
export let deployment: Deployment;
export let node: NodeChain;

/** Starts the devnet with the traffic generator's contracts, indexed, and reads the node's chain, for the calling file. */
export function useAccountChain(): void {
  beforeAll(async () => {
    chain = await startIndexedChain({ steps: 10 });
    deployment = await chain.traffic.setup();
    node = await readNodeChain(chain);
  }, 300_000);
  afterAll(() => chain?.stop());
}

/** The node's transactions of an address (sender, recipient or created contract), oldest first. */
export const nodeTxsOf = (a: string): NodeTx[] =>
  node.txs.filter((t) => lower(t.tx.from) === a || lower(t.tx.to ?? t.receipt.contractAddress) === a);

export function expectedTx(t: NodeTx): Record<string, string> {
  const ok = t.receipt.status === '0x1';
  return {
    blockNumber: dec(t.block.number),
    timeStamp: dec(t.block.timestamp),
    hash: t.tx.hash,
    nonce: dec(t.tx.nonce),
    blockHash: t.block.hash,
    transactionIndex: dec(t.tx.transactionIndex),
    from: lower(t.tx.from),
    to: lower(t.tx.to),
    value: dec(t.tx.value),
    gas: dec(t.tx.gas),
    gasPrice: dec(t.receipt.effectiveGasPrice),
    isError: ok ? '0' : '1',
    txreceipt_status: ok ? '1' : '0',
    input: t.tx.input,
    contractAddress: lower(t.receipt.contractAddress),
    cumulativeGasUsed: dec(t.receipt.cumulativeGasUsed),
    gasUsed: dec(t.receipt.gasUsed),
    confirmations: String(node.head - hexToNumber(t.block.number) + 1),
    methodId: t.tx.input.length >= 10 ? t.tx.input.slice(0, 10) : '0x',
  };
}
