/**
 * The words of a transaction summary, in English; src/locales/hi/summary.json holds the
 * Hindi. Read by the one renderer (./render.ts), in the SPA in the reader's language and on the
 * server (Etherscan txlist's extra field) in English. Each `{n}` argument is a part the renderer
 * fills in (an amount, an address with its label, token ids), so a translation may move them.
 */
import { defineTexts } from '../i18n/texts';

export const SUMMARY_TEXTS = defineTexts('summary.texts', {
  coinTransfer: (amount: string, to: string) => `Transfer ${amount} to ${to}`,
  tokenTransfer: (amount: string, to: string) => `Transfer ${amount} to ${to}`,
  swap: (amountIn: string, amountOut: string, pool: string) => `Swap ${amountIn} for ${amountOut} on ${pool}`,
  swapNoPool: (amountIn: string, amountOut: string) => `Swap ${amountIn} for ${amountOut}`,
  addLiquidity: (amount0: string, amount1: string, pool: string) => `Add liquidity ${amount0} and ${amount1} to ${pool}`,
  removeLiquidity: (amount0: string, amount1: string, pool: string) => `Remove liquidity ${amount0} and ${amount1} from ${pool}`,
  approve: (spender: string, amount: string) => `Approve ${spender} to spend ${amount}`,
  approveUnlimited: (spender: string, token: string) => `Approve ${spender} to spend unlimited ${token}`,
  revoke: (spender: string, token: string) => `Revoke the approval of ${spender} for ${token}`,
  nftMint: (collection: string, ids: string, to: string) => `Mint ${collection} ${ids} to ${to}`,
  nftTransfer: (collection: string, ids: string, to: string) => `Transfer ${collection} ${ids} to ${to}`,
  nftBurn: (collection: string, ids: string) => `Burn ${collection} ${ids}`,
  contractCreation: (contract: string) => `Create contract ${contract}`,
  contractCreationNamed: (name: string, contract: string) => `Create contract ${name} at ${contract}`,
  proxyUpgrade: (proxy: string, implementation: string) => `Upgrade proxy ${proxy} to ${implementation}`,
  delegationSet: (authority: string, delegate: string) => `Delegate ${authority} to ${delegate}`,
  delegationSetUnknown: (delegate: string) => `Set a delegation to ${delegate}`,
  delegationCleared: (authority: string) => `Clear the delegation of ${authority}`,
  delegationClearedUnknown: 'Clear a delegation',
  call: (method: string, contract: string) => `Called ${method} on ${contract}`,
  callNoMethod: (contract: string) => `Called ${contract}`,
  failedCall: (method: string, contract: string, reason: string) => `Failed: ${method} on ${contract}: ${reason}`,
  failed: (reason: string) => `Failed: ${reason}`,
  unlimited: 'unlimited',
  more: (count: number) => `and ${count} more`,
  reason: {
    error: (message: string) => `“${message}”`,
    panic: (code: string, meaning: string) => `Panic ${code} (${meaning})`,
    custom: (error: string) => `error ${error}`,
    unknown: (data: string) => `unknown error ${data}`,
    empty: 'reverted without a reason',
    emptyNode: (message: string) => `reverted: ${message}`,
    unavailable: 'reason unavailable on this node',
  },
  /** Solidity's Panic(uint256) codes (the Solidity documentation, "Panic via assert and Error via require"). */
  panic: {
    generic: 'generic compiler panic',
    assert: 'assertion failed',
    arithmetic: 'arithmetic overflow or underflow',
    division: 'division or modulo by zero',
    enumValue: 'invalid enum value',
    storageBytes: 'corrupt storage byte array',
    emptyPop: 'pop on an empty array',
    index: 'array index out of bounds',
    memory: 'out of memory',
    zeroFunction: 'call to an uninitialised function',
    unknownCode: 'unknown panic code',
  },
});
