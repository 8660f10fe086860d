import type { RubyWeb3 } from 'rubyweb3';

// Everything the explorer knows about a transaction: status (1 success, 0 failed), block,
// sender, recipient, value and fee in RUBY (exact wei beside them), type, token transfer.
export async function showTransaction(ruby: RubyWeb3, hash: string) {
  const tx = await ruby.getTransaction(hash);
  console.log(`${tx.transactionType} in block ${tx.blockNumber}: ${tx.from} → ${tx.to ?? '(contract creation)'}`);
  console.log(`value ${tx.value} RUBY, fee ${tx.fee} RUBY, ${tx.status === 1 ? 'success' : 'failed'}`);
  return tx;
}
