/**
 * The ERC-1155 of the tests (tests/fixtures/sol/MultiToken.sol: anyone may mint), compiled and
 * deployed on the devnet, and transactions sent from any address (impersonated and funded), as
 * the indexer's and the watchlist's ERC-1155 tests (issue #19) use them. The default traffic is untouched.
 */
import { Interface } from 'ethers';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { compileSolidity } from '../../server/chain/compile';
import { toHexQuantity, type RpcClient } from '../../server/chain/rpc';

export const multiToken = new Interface([
  'function mint(address to, uint256 id, uint256 amount)',
  'function mintBatch(address to, uint256[] ids, uint256[] amounts)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
]);

/**
 * Sends a transaction from `from` (impersonated, funded); with `mine` (the default) mines it and
 * checks its receipt's success. Answers its hash and, when mined, its receipt.
 */
export async function sendFrom(rpc: RpcClient, from: string, tx: { to?: string; data: string }, mine = true) {
  await rpc.call('anvil_setBalance', [from, toHexQuantity(10n ** 20n)]);
  await rpc.call('anvil_impersonateAccount', [from]);
  const hash = await rpc.call<string>('eth_sendTransaction', [{ from, ...tx, gas: toHexQuantity(3_000_000n) }]);
  if (!mine) return { hash, receipt: null };
  await rpc.call('evm_mine', []);
  const receipt = await rpc.call<{ status: string; contractAddress: string | null }>('eth_getTransactionReceipt', [hash]);
  expect(receipt.status).toBe('0x1');
  return { hash, receipt };
}

/** Deploys a MultiToken from `deployer`; answers its address (lowercase 0x). */
export async function deployMultiToken(rpc: RpcClient, deployer: string): Promise<string> {
  const source = await fs.readFile(path.join(import.meta.dirname, '../fixtures/sol/MultiToken.sol'), 'utf8');
  const compiled = await compileSolidity({ 'MultiToken.sol': source });
  expect(compiled.errors.filter((e) => e.severity === 'error')).toEqual([]);
  const artifact = compiled.artifacts.find((a) => a.contractName === 'MultiToken')!;
  const { receipt } = await sendFrom(rpc, deployer, { data: artifact.bytecode });
  return receipt!.contractAddress!.toLowerCase();
}
