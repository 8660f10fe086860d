import type { RubyWeb3 } from 'rubyweb3';

// Sends 0.25 RUBY. The transaction is signed locally with the private key and handed to the
// node; then we wait until it is mined and the explorer has indexed it.
export async function sendRuby(ruby: RubyWeb3, privateKey: string, to: string) {
  const sent = await ruby.sendCoin({ privateKey, to, amount: '0.25' });
  console.log(`sent ${sent.amountWei} wei from ${sent.from} to ${sent.to}: ${sent.hash}`);
  const receipt = await ruby.waitForTransaction(sent.hash, { indexed: true });
  console.log(`mined in block ${receipt.blockNumber}`);
  return receipt;
}
