import type { RubyWeb3 } from 'rubyweb3';

// The RUBY balance of any address (r… or 0x…), as an exact decimal string and in wei.
export async function showBalance(ruby: RubyWeb3, address: string) {
  const { balance, balanceWei } = await ruby.getBalance(address);
  console.log(`${address} holds ${balance} RUBY (${balanceWei} wei)`);
  return balance;
}
