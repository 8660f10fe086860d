import { createWallet } from 'rubyweb3';

// A new wallet is made on your machine: the private key never goes over the network.
// Store the private key (or the 12 words) safely: whoever has it controls the funds.
export function newWallet() {
  const wallet = createWallet();
  console.log(`address: ${wallet.address}`); // r + 40 hex digits
  return wallet; // { address, privateKey, mnemonic }
}
