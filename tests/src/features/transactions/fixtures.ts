/** Sample API answers for the transaction and block screen tests (shapes of common/api). Not a test file. */
import type { BlockDetail, BlockListItem } from '../../../../common/api/blocks';
import type { HomeData } from '../../../../common/api/home';
import type { TransactionDetail, TransactionListItem } from '../../../../common/api/transactions';

export const HASH = '0x69b582aba98fd9dedadf9bbed58676840d4cc314088d74de80798d85a82c9d29';
export const HASH2 = '0xc237604f29545d3150aac9a0fe8e35356db7032ac78f95b20bc034316a27200b';
export const FROM = 'r90F79bf6EB2c4f870365E785982E1f101E93b906';
export const TO = 'rCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
export const TOKEN = 're7f1725E7734CE288F8367e1Bb143E90bb3F0512';
export const TOKEN_OUT = 'r9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
export const MINER = 'r0000000000000000000000000000000000000001';
export const BLOCK_HASH = '0x29faf600c883fab8a4ef27a41b8bfcd0735592cf9176253dc06ebc1773a48348';
export const PARENT_HASH = '0x0d262e246221a7de188de368f10d9727a70a4ff7bbe06f64a84bf5b255434633';
export const NOW = 1_795_336_180;

export function listTx(over: Partial<TransactionListItem> = {}): TransactionListItem {
  return {
    hash: HASH,
    blockNumber: 24,
    transactionIndex: 0,
    timestamp: NOW - 30,
    createdAt: new Date((NOW - 30) * 1000).toISOString(),
    from: FROM,
    to: TO,
    contractAddress: null,
    value: 4.885,
    valueWei: '4885000000000000000',
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

export function homeData(over: Partial<HomeData> = {}): HomeData {
  return {
    latestBlockNumber: 25,
    trx_length: 179,
    totaladdress: 46,
    twentyFourHoursAgotxn: 179,
    totalFees24Hours: 0.02122,
    totalFees24HoursWei: '21220000000000000',
    avgFee24Hours: 0.00012,
    avgFee24HoursWei: '120000000000000',
    fee: 0.000021,
    feeWei: '21000000000000',
    gasPriceWei: '1000000000',
    pendingTransactions: 0,
    avgBlockTime: 2,
    rubyprice: 0.25,
    nodeReachable: true,
    nodeDataAsOf: Math.floor(Date.now() / 1000),
    nodeDataAge: 0,
    ...over,
  };
}

export function txDetail(over: Partial<TransactionDetail> = {}): TransactionDetail {
  return {
    hash: HASH,
    status: 1,
    functionName: null,
    blockNumber: 24,
    blockHash: BLOCK_HASH,
    createdAt: new Date(NOW * 1000).toISOString(),
    timestamp: NOW,
    updatedAt: new Date(NOW * 1000).toISOString(),
    from: FROM,
    to: TO,
    contract: null,
    contractAddress: null,
    value: 1.5,
    valueWei: '1500000000000000000',
    amount: 1.5,
    amountWei: '1500000000000000000',
    fee: 0.000021,
    feeWei: '21000000000000',
    gas: '21000',
    gasLimit: '21000',
    gasPrice: 1e-9,
    gasPriceWei: '1000000000',
    gasUsed: '21000',
    nonce: 13,
    transactionIndex: 22,
    transactiontype: 0,
    transactionType: 'Coin transfer',
    decodedInput: null,
    tokenAddress: null,
    tokenName: null,
    tokenSymbol: null,
    tokenDecimals: null,
    tokenValue: null,
    tokenValueWei: null,
    input: '0x',
    type: 2,
    chainId: 18215,
    v: '0x1',
    r: '0x1',
    s: '0x2',
    otherDetails: {
      maxFeePerGas: null,
      maxPriorityFeePerGas: null,
      effectiveGasPrice: '1000000000',
      gasPriceOffered: null,
      baseFeePerGas: null,
      priorityFeePerGas: null,
      priorityFee: null,
      burntFee: null,
      savedFee: null,
    },
    confirmations: 1,
    blob: null,
    authorizationList: [],
    tokenTransfers: [],
    internalTransactions: [],
    internalTransactionsUnavailable: null,
    dex: null,
    tokenReceived: null,
    rawTrace: { type: 'CALL', from: FROM, to: TO, value: '0x14d1120d7b160000', input: '0x', calls: [] },
    summary: [{ kind: 'coinTransfer', from: FROM, to: { address: TO, label: null }, amountWei: '1500000000000000000' }],
    ...over,
  };
}

export function swapDetail(): TransactionDetail {
  return txDetail({
    functionName: 'swapExactTokensForTokens',
    contract: TO,
    value: 0,
    valueWei: '0',
    gas: '360000',
    gasLimit: '360000',
    gasUsed: '136351',
    transactiontype: 3,
    transactionType: 'Contract Call',
    tokenTransfers: [
      {
        logIndex: 39,
        from: FROM,
        to: TO,
        tokenAddress: TOKEN,
        tokenName: 'Ruby Dollar',
        tokenSymbol: 'RUSD',
        tokenDecimals: 18,
        value: 1226.1,
        valueWei: '1226100000000000000000',
        tokenId: null,
      },
    ],
    internalTransactions: [
      {
        traceAddress: '0',
        callType: 'staticcall',
        from: TO,
        to: TOKEN,
        value: 0,
        valueWei: '0',
        gas: '324800',
        gasUsed: '4452',
        error: null,
      },
    ],
    dex: {
      function: 'swapExactTokensForTokens',
      path: [TOKEN, TOKEN_OUT],
      pathSymbols: ['RUSD', 'RSLV'],
      recipient: FROM,
      tokenIn: { address: TOKEN, name: 'Ruby Dollar', symbol: 'RUSD', decimals: 18 },
      tokenOut: { address: TOKEN_OUT, name: 'Ruby Silver', symbol: 'RSLV', decimals: 18 },
      amountIn: 1226.1,
      amountInWei: '1226100000000000000000',
      amountOut: 48.740877,
      amountOutWei: '48740877121355933696',
      minReceived: 48.0088,
      minReceivedWei: '48008808866457649071',
    },
    tokenReceived: {
      address: TOKEN_OUT,
      name: 'Ruby Silver',
      symbol: 'RSLV',
      decimals: 18,
      to: FROM,
      amount: 48.740877,
      amountWei: '48740877121355933696',
    },
  });
}

export function blockItem(n: number, over: Partial<BlockListItem> = {}): BlockListItem {
  return {
    blockNumber: n,
    timestamp: NOW - (100 - n) * 2,
    createdAt: new Date((NOW - (100 - n) * 2) * 1000).toISOString(),
    Trx: n % 5,
    blockHash: `0x${n.toString(16).padStart(64, '0')}`,
    miner: MINER,
    size: 4762,
    gasUsed: '1076358',
    ...over,
  };
}

export function blockDetail(over: Partial<BlockDetail> = {}): BlockDetail {
  return {
    number: 24,
    hash: BLOCK_HASH,
    parentHash: PARENT_HASH,
    miner: MINER,
    timestamp: NOW,
    createdAt: new Date(NOW * 1000).toISOString(),
    size: 4762,
    gasUsed: '15000000',
    gasLimit: '30000000',
    baseFeePerGas: '54468841',
    difficulty: '0',
    totalDifficulty: '0',
    nonce: '0x0000000000000000',
    extraData: '0x',
    mixHash: null,
    receiptsRoot: null,
    sha3Uncles: null,
    stateRoot: null,
    totaltransaction: 2,
    burntFees: '817032615000000',
    reward: '21000000000000',
    totalFees: '838032615000000',
    ...over,
  };
}
