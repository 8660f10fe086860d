/**
 * What the traffic generator deploys and talks to: the token line-up, the call interfaces it
 * encodes (human-readable ABIs, so a restart that reuses a deployment needs no compiler), and the
 * deployment record kept next to the devnet state.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Interface } from 'ethers';

export interface TokenSpec {
  name: string;
  symbol: string;
  /** Whole tokens minted to the deployer. */
  supply: bigint;
  /** Whole tokens handed to each other dev account at setup. */
  perAccount: bigint;
  /** Typical transfer/swap size in hundredths of a token: [min, max]. */
  hundredths: readonly [number, number];
}

/** Prices implied by the pools: 1 RGLD ≈ 2,000 RUSD, 1 RSLV ≈ 25 RUSD. */
export const TOKENS: readonly TokenSpec[] = [
  { name: 'Ruby Gold', symbol: 'RGLD', supply: 10_000_000n, perAccount: 100_000n, hundredths: [1, 250] },
  { name: 'Ruby Dollar', symbol: 'RUSD', supply: 100_000_000_000n, perAccount: 1_000_000_000n, hundredths: [1_000, 500_000] },
  { name: 'Ruby Silver', symbol: 'RSLV', supply: 1_000_000_000n, perAccount: 10_000_000n, hundredths: [100, 20_000] },
];

/** Initial liquidity in whole tokens per pool, as indexes into TOKENS. */
export const POOLS: readonly { a: number; b: number; amountA: bigint; amountB: bigint }[] = [
  { a: 0, b: 1, amountA: 50_000n, amountB: 100_000_000n },
  { a: 1, b: 2, amountA: 100_000_000n, amountB: 4_000_000n },
  { a: 0, b: 2, amountA: 50_000n, amountB: 4_000_000n },
];

export const erc20 = new Interface([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);
export const router = new Interface([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired) returns (uint256, uint256, uint256)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to) returns (uint256[])',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function getPair(address, address) view returns (address)',
]);
export const splitter = new Interface(['function distribute(address[] recipients) payable', 'function tip(address to) payable']);
export const nft = new Interface(['function mint(address to) returns (uint256)']);

/** The deployment record (`traffic.json`); addresses are lowercase 0x. */
export interface Deployment {
  version: 1;
  chainId: number;
  deployer: string;
  /** Block that held the first deployment transaction. */
  deployedAtBlock: number;
  tokens: { name: string; symbol: string; address: string }[];
  router: string;
  pairs: { symbols: [string, string]; tokens: [string, string]; address: string }[];
  splitter: string;
  nft: string;
  /** An EIP-1967 proxy (upgraded once from implementations[0] to [1]) and an EIP-1167 clone of implementations[1]. */
  proxies?: ProxyDeployment;
}

export interface ProxyDeployment {
  proxy: string;
  implementations: [string, string];
  clone: string;
}

export function deploymentAddresses(d: Deployment): string[] {
  const proxies = d.proxies ? [d.proxies.proxy, ...d.proxies.implementations, d.proxies.clone] : [];
  return [...d.tokens.map((t) => t.address), d.router, ...d.pairs.map((p) => p.address), d.splitter, d.nft, ...proxies];
}

export async function readDeployment(file: string): Promise<Deployment | null> {
  try {
    const d = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Deployment>;
    if (d.version !== 1 || !Array.isArray(d.tokens) || !Array.isArray(d.pairs) || !d.router || !d.splitter || !d.nft) return null;
    return d as Deployment;
  } catch {
    return null;
  }
}

export async function writeDeployment(file: string, d: Deployment): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, `${JSON.stringify(d, null, 2)}\n`);
  await fs.rename(tmp, file);
}
