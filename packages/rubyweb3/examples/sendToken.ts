import type { RubyWeb3 } from 'rubyweb3';

// Sends 1.5 tokens of an RBC20 contract (the amount uses the token's own decimals) and reads
// the recipient's token balance once the explorer has indexed the transfer.
export async function sendTokens(ruby: RubyWeb3, privateKey: string, to: string, token: string) {
  const sent = await ruby.sendToken({ privateKey, to, token, amount: '1.5' });
  await ruby.waitForTransaction(sent.hash, { indexed: true });
  const { balance, symbol } = await ruby.tokenBalance(to, token);
  console.log(`${to} now holds ${balance} ${symbol ?? 'tokens'}`);
  return balance;
}
