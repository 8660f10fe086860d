/**
 * rubyweb3: wallets, balances, coin and token transfers, transactions and blocks on the Ruby
 * chain, with `r…` addresses. See the /rubyWeb3Docs page of a Ruby Explorer.
 *
 *   import { RubyWeb3 } from 'rubyweb3';
 *   const ruby = new RubyWeb3({ apiUrl: 'https://explorer.example.org/api', rpcUrl: 'https://rpc.example.org' });
 *   const { balance } = await ruby.getBalance('r…');
 */
export { RubyWeb3, type RubyWeb3Options, type SendCoinParams, type SendTokenParams } from './client.js';
export { checkaddress, createWallet, getAddressbyprivateKey, toHexAddress, toRubyAddress, type NewWallet } from './address.js';
export { RubyWeb3Error, type RubyWeb3ErrorCode } from './errors.js';
export type {
  Balance,
  BlockHeader,
  BlockInfo,
  BlockTransaction,
  Receipt,
  SentTransaction,
  TokenBalance,
  TransactionInfo,
} from './types.js';
