/** Response fixtures in the API's shapes (common/api types) for the address, token and contract tests. */
import type { AddressCounters, AddressTransactionsResponse, InternalTransactionItem, TopAccount } from '../../../../common/api/addresses';
import type { ContractDetail, ContractListItem, TokenData, TokenHolding, TokenTransferItem } from '../../../../common/api/tokens';
import type { TransactionListItem } from '../../../../common/api/transactions';
import { ok } from '../../../helpers/fetchMock';

export const ADDR = 'r976EA74026E726554dB657fA54763abd0C3a0aa9';
export const ADDR_LOWER_0X = '0x976ea74026e726554db657fa54763abd0c3a0aa9';
export const OTHER = 'r14dC79964da2C08b23698B3D3cc7Ca32193d9955';
export const TOKEN = 'r5FbDB2315678afecb367f032d93F642f64180aa3';
export const DAPP = 'r5FC8d32690cc91D4c39d9d3abcBD16989F875707';
export const HASH = `0x${'ab'.repeat(32)}`;
export const HASH2 = `0x${'cd'.repeat(32)}`;
const T = Math.floor(Date.now() / 1000) - 30;
const ISO = new Date(T * 1000).toISOString();

export function tx(over: Partial<TransactionListItem> = {}): TransactionListItem {
  return {
    hash: HASH,
    blockNumber: 42,
    transactionIndex: 0,
    timestamp: T,
    createdAt: ISO,
    from: ADDR,
    to: OTHER,
    contractAddress: null,
    value: 1.5,
    valueWei: '1500000000000000000',
    fee: 0.00021,
    feeWei: '210000000000000',
    status: 1,
    transactiontype: 0,
    functionName: null,
    tokenAddress: null,
    decodedInput: null,
    ...over,
  };
}

export function addressPage(over: Partial<AddressTransactionsResponse> = {}): AddressTransactionsResponse {
  return {
    status: true,
    result: [tx()],
    address: ADDR,
    balance: 12.5,
    balanceWei: '12500000000000000000',
    trx_length: 21,
    Gasused: '1234567',
    latestBlockNumber: 100,
    lastBalanceUpdate: 99,
    totalTransactions: 21,
    totalPages: 2,
    currentPage: 1,
    ...over,
  };
}

export function internalTx(over: Partial<InternalTransactionItem> = {}): InternalTransactionItem {
  return {
    hash: HASH2,
    blockNumber: 40,
    timestamp: T,
    createdAt: ISO,
    traceAddress: '0',
    contract: DAPP,
    from: DAPP,
    to: ADDR,
    value: 0.25,
    valueWei: '250000000000000000',
    fee: 0.0001,
    feeWei: '100000000000000',
    callType: 'call',
    error: null,
    status: 1,
    decodedInput: null,
    ...over,
  };
}

export function transfer(over: Partial<TokenTransferItem> = {}): TokenTransferItem {
  return {
    hash: HASH,
    blockNumber: 41,
    logIndex: 3,
    timestamp: T,
    createdAt: ISO,
    from: ADDR,
    to: OTHER,
    tokenAddress: TOKEN,
    tokenName: 'Ruby Gold',
    tokenSymbol: 'RGLD',
    tokenDecimals: 18,
    value: 2.04,
    valueWei: '2040000000000000000',
    decodedInput: [{ _to: OTHER, _value: '2040000000000000000' }],
    transactiontype: 2,
    status: 1,
    ...over,
  };
}

export function holding(over: Partial<TokenHolding> = {}): TokenHolding {
  return {
    contractAddress: TOKEN,
    name: 'Ruby Gold',
    symbol: 'RGLD',
    decimals: 18,
    balance: 1234.5,
    balanceWei: '1234500000000000000000',
    ...over,
  };
}

export function topAccount(over: Partial<TopAccount> = {}): TopAccount {
  return { rank: 1, address: ADDR, balance: 10000.8, balanceWei: '10000800000000000000000', percentage: 0.00367917193845718, ...over };
}

export function listItem(over: Partial<ContractListItem> = {}): ContractListItem {
  return {
    contractname: 'Ruby Gold',
    contract_address: TOKEN,
    owneraddress: ADDR,
    createdAt: ISO,
    blockNumber: 23,
    symbol: 'RGLD',
    decimals: 18,
    totalSupply: 10000000,
    totalSupplyWei: '10000000000000000000000000',
    verified: false,
    contractType: 'rbc20',
    isNft: false,
    ...over,
  };
}

const common = {
  contractAddress: TOKEN,
  name: 'Ruby Gold',
  contractType: 'rbc20' as const,
  owner: ADDR,
  rubybalance: 0.5,
  rubybalanceWei: '500000000000000000',
  balance: 0.5,
  trx_length: 64,
  abi: null,
  contractcode: null,
  bytecode: '0x6080604052',
  verified: false,
  createdAt: ISO,
  blockNumber: 23,
  txHash: HASH,
};

export function tokenData(over: Partial<TokenData> = {}): TokenData {
  return {
    ...common,
    symbol: 'RGLD',
    decimals: 18,
    totalSupply: 10000000,
    totalSupplyWei: '10000000000000000000000000',
    transfers: 120,
    holders: 38,
    ...over,
  };
}

export function contractDetail(over: Partial<ContractDetail> = {}): ContractDetail {
  return {
    ...common,
    contractAddress: DAPP,
    name: 'Ruby Gems',
    contractType: 'dapp',
    symbol: null,
    decimals: null,
    isNft: false,
    tokens: [],
    ...over,
  };
}

export const paged = <T>(result: T[], totalPages = 1, currentPage = 1) =>
  ok(result, { totalTransactions: result.length, totalPages, currentPage });
/** A page of the token or contract catalogue (the two pages share CatalogueView). */
export const cataloguePage = (items: ContractListItem[], totalPages = 1, total = items.length, verified = 0) =>
  ok(items, { totalContracts: total, verifiedContracts: verified, totalTransactions: total, totalPages, currentPage: 1 });

/**
 * /getAddressCounters for the fixtures' addresses: TOKEN is a token, DAPP a contract, any other
 * address none; `overrides` apply to every address.
 */
export function counters(overrides: Partial<AddressCounters> = {}) {
  return (path: string) => {
    const hex = (path.split('/').pop() ?? '').slice(-40).toLowerCase();
    const is = (a: string) => a.slice(1).toLowerCase() === hex;
    const result: AddressCounters = {
      contractType: is(TOKEN) ? 'rbc20' : is(DAPP) ? 'dapp' : null,
      nft: false,
      verified: false,
      proxy: false,
      tokens: 0,
      nftCollections: 0,
      tokenTransfers: false,
      internalTxns: false,
      withdrawals: false,
      events: false,
      approvals: false,
      delegation: { delegate: null, history: [] },
      ...overrides,
    };
    return ok(result);
  };
}
