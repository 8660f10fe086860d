import type { RubyWeb3 } from 'rubyweb3';

// The newest block number (from the node), then that block (by number or by hash) with its
// transactions, as the explorer indexed it.
export async function showLatestBlock(ruby: RubyWeb3) {
  const latest = await ruby.getLatestBlockNumber();
  const block = await ruby.getBlock(latest);
  console.log(`block ${block.number} (${block.hash}) by ${block.miner}: ${block.transactions.length} transactions`);
  return block;
}
