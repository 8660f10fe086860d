/**
 * RubyWeb3: one object for a Ruby Explorer API (reads: balances, transactions, blocks) and a
 * node's JSON-RPC (the chain head; signing and sending, done locally: private keys are never
 * sent anywhere).
 */
import { Contract, JsonRpcProvider, Network, formatUnits, parseUnits, type TransactionResponse } from 'ethers';
import { checkaddress, createWallet, getAddressbyprivateKey, toHexAddress, toRubyAddress, walletFor, type NewWallet } from './address.js';
import { apiPaths } from './apiPaths.js';
import { RubyWeb3Error } from './errors.js';
import type {
  Balance,
  BlockHeader,
  BlockInfo,
  BlockTransaction,
  Receipt,
  SentTransaction,
  TokenBalance,
  TransactionInfo,
} from './types.js';

export interface RubyWeb3Options {
  /** Base URL of the explorer API, e.g. 'https://explorer.example.org/api'. */
  apiUrl: string;
  /** The node's JSON-RPC URL, e.g. 'https://rpc.example.org'. */
  rpcUrl: string;
  /** API key (sent as the x-api-key header): a higher rate limit than anonymous calls. */
  apiKey?: string;
  /** Time-out of one HTTP call (default 30 s). */
  timeoutMs?: number;
}

export interface SendCoinParams {
  privateKey: string;
  /** Recipient, `r…` or `0x…`. */
  to: string;
  /** RUBY as a decimal string ('0.5') or wei as a bigint. */
  amount: string | bigint;
}

export interface SendTokenParams extends SendCoinParams {
  /** Token contract, `r…` or `0x…`. `amount` is in whole tokens (string) or base units (bigint). */
  token: string;
}

const ERC20 = ['function transfer(address to, uint256 amount) returns (bool)', 'function decimals() view returns (uint8)'];
const HASH = /^0x[0-9a-fA-F]{64}$/;

function parseAmount(amount: string | bigint, decimals: number): bigint {
  let wei: bigint;
  if (typeof amount === 'bigint') wei = amount;
  else if (typeof amount === 'string' && /^\d+(\.\d+)?$/.test(amount.trim())) {
    try {
      wei = parseUnits(amount.trim(), decimals);
    } catch {
      throw new RubyWeb3Error(`Invalid amount: more than ${decimals} decimals`, 'INVALID_AMOUNT');
    }
  } else throw new RubyWeb3Error('Invalid amount: expected a non-negative decimal string or a bigint', 'INVALID_AMOUNT');
  if (wei < 0n) throw new RubyWeb3Error('Invalid amount: negative', 'INVALID_AMOUNT');
  return wei;
}

/** ethers' errors carry the whole transaction; keep the short reason only. */
function sendFailure(err: unknown): RubyWeb3Error {
  if (err instanceof RubyWeb3Error) return err;
  const short =
    typeof err === 'object' && err !== null && 'shortMessage' in err ? String((err as { shortMessage: unknown }).shortMessage) : null;
  return new RubyWeb3Error(`Transaction failed: ${short ?? (err instanceof Error ? err.message : String(err))}`, 'TRANSACTION_FAILED');
}

export class RubyWeb3 {
  private readonly apiUrl: string;
  private readonly rpcUrl: string;
  private readonly apiKey: string | undefined;
  private readonly timeoutMs: number;
  private providerPromise: Promise<JsonRpcProvider> | null = null;

  constructor(options: RubyWeb3Options) {
    if (!options || typeof options.apiUrl !== 'string' || typeof options.rpcUrl !== 'string') {
      throw new RubyWeb3Error('RubyWeb3 needs { apiUrl, rpcUrl }', 'INVALID_ARGUMENT');
    }
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.rpcUrl = options.rpcUrl;
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  // -- local: no network ---------------------------------------------------------------------

  /** A new random wallet `{ address: 'r…', privateKey, mnemonic }`, made locally. */
  createWallet(): NewWallet {
    return createWallet();
  }

  /** True for a valid `r…` or `0x…` address (a wrong EIP-55 checksum is invalid). */
  checkaddress(address: string): boolean {
    return checkaddress(address);
  }

  /** The `r…` address a private key controls. */
  getAddressbyprivateKey(privateKey: string): string {
    return getAddressbyprivateKey(privateKey);
  }

  // -- explorer API ---------------------------------------------------------------------------

  /** GET {apiUrl}{path}; the body when `status` is true, else a RubyWeb3Error with the server's message. */
  private async get<T>(path: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.apiUrl}${path}`, {
        headers: this.apiKey ? { 'x-api-key': this.apiKey, accept: 'application/json' } : { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new RubyWeb3Error(
        `Explorer API unreachable: ${err instanceof Error ? err.message : String(err)}`,
        timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
      );
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new RubyWeb3Error(`Explorer API answered ${res.status} without JSON`, 'API_ERROR', res.status);
    }
    const b = body as { status?: unknown; message?: unknown };
    if (!res.ok || b.status !== true) {
      throw new RubyWeb3Error(typeof b.message === 'string' ? b.message : `Explorer API answered ${res.status}`, 'API_ERROR', res.status);
    }
    return body as T;
  }

  /** Coin balance of an address, live from the node, as an exact decimal string and in wei. */
  async getBalance(address: string): Promise<Balance> {
    const body = await this.get<{ result: { balanceWei: string } }>(apiPaths.balance(toRubyAddress(address)));
    const wei = BigInt(body.result.balanceWei);
    return { address: toRubyAddress(address), balance: formatUnits(wei, 18), balanceWei: wei };
  }

  /** An address's balance of one RBC20 token. */
  async tokenBalance(address: string, token: string): Promise<TokenBalance> {
    const body = await this.get<{ result: { balanceWei: string; decimals: number; symbol: string | null } }>(
      apiPaths.tokenBalance(toRubyAddress(address), toRubyAddress(token)),
    );
    const wei = BigInt(body.result.balanceWei);
    return { balance: formatUnits(wei, body.result.decimals), balanceWei: wei, decimals: body.result.decimals, symbol: body.result.symbol };
  }

  /** A mined transaction as the explorer indexed it (404 API_ERROR until it is indexed). */
  async getTransaction(hash: string): Promise<TransactionInfo> {
    if (typeof hash !== 'string' || !HASH.test(hash))
      throw new RubyWeb3Error('Invalid transaction hash: expected 0x + 64 hex digits', 'INVALID_ARGUMENT');
    return (await this.get<{ result: TransactionInfo }>(apiPaths.txData(hash.toLowerCase()))).result;
  }

  /** A block by number or 0x hash, with its transactions. */
  async getBlock(block: number | string): Promise<BlockInfo> {
    const key = typeof block === 'number' ? block : block.trim();
    const valid = typeof key === 'number' ? Number.isSafeInteger(key) && key >= 0 : /^\d+$/.test(key) || HASH.test(key);
    if (!valid) throw new RubyWeb3Error('Invalid block: expected a block number or a 0x block hash', 'INVALID_ARGUMENT');
    const body = await this.get<{ result: BlockHeader; transactionData: BlockTransaction[] }>(apiPaths.block(key));
    return { ...body.result, transactions: body.transactionData };
  }

  // -- node JSON-RPC --------------------------------------------------------------------------

  /** One JSON-RPC call over fetch (reads: no ethers provider, so nothing polls the node on its own). */
  private async rpc<T>(method: string, params: unknown[]): Promise<T> {
    let body: { result?: T; error?: { message?: string } };
    try {
      const res = await fetch(this.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      body = (await res.json()) as typeof body;
    } catch (err) {
      throw new RubyWeb3Error(`Node unreachable (${method}): ${err instanceof Error ? err.message : String(err)}`, 'NETWORK_ERROR');
    }
    if (body.error) throw new RubyWeb3Error(`Node refused ${method}: ${String(body.error.message).slice(0, 200)}`, 'NETWORK_ERROR');
    return body.result as T;
  }

  private provider(): Promise<JsonRpcProvider> {
    // The chain id is asked once; a static network stops ethers from polling the node on its own.
    this.providerPromise ??= this.rpc<string>('eth_chainId', [])
      .then((chainId) => new JsonRpcProvider(this.rpcUrl, Network.from(BigInt(chainId)), { staticNetwork: true, batchMaxCount: 1 }))
      .catch((err: unknown) => {
        this.providerPromise = null; // retry on the next call
        throw err;
      });
    return this.providerPromise;
  }

  /** The number of the newest block on the chain (from the node). */
  async getLatestBlockNumber(): Promise<number> {
    return Number(BigInt(await this.rpc<string>('eth_blockNumber', [])));
  }

  /** Signs locally and sends RUBY. Resolves once the node accepted it (see waitForTransaction). */
  async sendCoin({ privateKey, to, amount }: SendCoinParams): Promise<SentTransaction> {
    const wallet = walletFor(privateKey);
    const toHex = toHexAddress(to);
    const wei = parseAmount(amount, 18);
    try {
      const tx: TransactionResponse = await wallet.connect(await this.provider()).sendTransaction({ to: toHex, value: wei });
      return { hash: tx.hash, from: toRubyAddress(wallet.address), to: toRubyAddress(toHex), amountWei: wei, nonce: tx.nonce };
    } catch (err) {
      throw sendFailure(err);
    }
  }

  /** Signs locally and sends an RBC20 token (`transfer`); the amount uses the token's decimals. */
  async sendToken({ privateKey, to, token, amount }: SendTokenParams): Promise<SentTransaction> {
    const wallet = walletFor(privateKey);
    const toHex = toHexAddress(to);
    const tokenHex = toHexAddress(token);
    try {
      const contract = new Contract(tokenHex, ERC20, wallet.connect(await this.provider()));
      const decimals = typeof amount === 'bigint' ? 0 : Number(await contract.getFunction('decimals')());
      const units = parseAmount(amount, decimals);
      const tx = (await contract.getFunction('transfer')(toHex, units)) as TransactionResponse;
      return { hash: tx.hash, from: toRubyAddress(wallet.address), to: toRubyAddress(toHex), amountWei: units, nonce: tx.nonce };
    } catch (err) {
      throw sendFailure(err);
    }
  }

  /**
   * Waits until the transaction is mined (and, with `indexed: true`, until the explorer has
   * indexed it, so getTransaction finds it); throws TRANSACTION_FAILED when it reverted, TIMEOUT
   * after `timeoutMs`.
   */
  async waitForTransaction(hash: string, { timeoutMs = 60_000, pollMs = 500, indexed = false } = {}): Promise<Receipt> {
    const deadline = Date.now() + timeoutMs;
    const receipt = await this.waitForReceipt(hash, timeoutMs, pollMs);
    while (indexed) {
      try {
        await this.getTransaction(hash);
        break;
      } catch (err) {
        if (!(err instanceof RubyWeb3Error && err.status === 404)) throw err;
      }
      if (Date.now() >= deadline)
        throw new RubyWeb3Error(`Transaction ${hash} not indexed by the explorer within ${timeoutMs} ms`, 'TIMEOUT');
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    return receipt;
  }

  private async waitForReceipt(hash: string, timeoutMs: number, pollMs: number): Promise<Receipt> {
    if (typeof hash !== 'string' || !HASH.test(hash))
      throw new RubyWeb3Error('Invalid transaction hash: expected 0x + 64 hex digits', 'INVALID_ARGUMENT');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = await this.rpc<{ blockNumber: string; status: string; gasUsed: string } | null>('eth_getTransactionReceipt', [hash]);
      if (r) {
        const receipt: Receipt = {
          hash,
          blockNumber: Number(BigInt(r.blockNumber)),
          status: Number(BigInt(r.status)),
          gasUsed: BigInt(r.gasUsed),
        };
        if (receipt.status !== 1)
          throw new RubyWeb3Error(`Transaction ${hash} reverted in block ${receipt.blockNumber}`, 'TRANSACTION_FAILED');
        return receipt;
      }
      if (Date.now() >= deadline) throw new RubyWeb3Error(`Transaction ${hash} not mined within ${timeoutMs} ms`, 'TIMEOUT');
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /** Closes the node connection (the object can still be used: it reconnects). */
  close(): void {
    void this.providerPromise?.then(
      (p) => p.destroy(),
      () => {},
    );
    this.providerPromise = null;
  }
}
