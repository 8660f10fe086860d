/**
 * Issue #40 item 1: every summary kind on the devnet, against what the chain says (the amounts are
 * the receipts' own Transfer / Approval values, the authority is the one that signed the EIP-7702
 * authorisation), the three revert reasons of failed transactions (Error(string), Panic(uint256), a
 * custom error decoded with the verified ABI), and the field in the detail, the lists and txlist.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { id, Interface, MaxUint256 } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHexAddress, toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import type { AllTransactionsPage, TransactionDetailResponse } from '../../../common/api/transactions';
import type { ActionOf, TxAction, TxActionKind } from '../../../common/api/txSummary';
import { plainSummary } from '../../../common/summary/render';
import { compileSolidity } from '../../../server/chain/compile';
import { toHexQuantity } from '../../../server/chain/rpc';
import { erc20, router, writeDeployment } from '../../../server/chain/trafficContracts';
import { deploymentFile } from '../../../server/core/nameTags';
import type { Database } from '../../../server/db/database';
import { toJsonText } from '../../../server/db/schema';
import type { TestApi } from '../../helpers/apiFixture';
import { openTestDatabase } from '../../helpers/db';
import { devWallet } from '../../helpers/devKeys';
import { deployMultiToken, multiToken } from '../../helpers/multiToken';
import { chain, deployment, nodeTx, TRANSFER, useTransactionsChain } from './transactionsFixture';

useTransactionsChain();

const probeAbi = new Interface([
  'function mint(address to, uint256 id)',
  'function transfer(address to, uint256 id)',
  'function burn(uint256 id)',
  'function upgradeTo(address implementation)',
  'function divide(uint256 d)',
  'function refuse(uint256 amount)',
]);
const splitter = new Interface(['function distribute(address[] recipients) payable']);
const APPROVAL = id('Approval(address,address,uint256)');
const r = (a: string) => toRubyAddress(a);
const word = (data: string, i = 0) => BigInt(`0x${data.slice(2 + i * 64, 66 + i * 64)}`).toString();

describe('transaction summaries on the devnet', () => {
  let database: Database;
  let api: TestApi;
  let probe: string;
  const h: Record<string, string> = {};
  let A: string;
  const B = devWallet(3).address.toLowerCase();

  async function send(name: string, tx: { to?: string; data?: string; value?: bigint }, gas = 1_000_000n, from = A): Promise<string> {
    await chain.rpc.call('anvil_impersonateAccount', [from]);
    const hash = await chain.rpc.call<string>('eth_sendTransaction', [
      { from, to: tx.to, data: tx.data ?? '0x', value: toHexQuantity(tx.value ?? 0n), gas: toHexQuantity(gas) },
    ]);
    await chain.rpc.call('evm_mine', []);
    h[name] = hash;
    return hash;
  }

  async function sendDelegation(name: string, delegate: string): Promise<void> {
    const sender = devWallet(8);
    const authority = devWallet(9);
    // To the sender itself, which has no code: the authority, delegated to the probe, has no fallback to call.
    const nonce = (a: string) => chain.rpc.call<string>('eth_getTransactionCount', [a, 'latest']).then(BigInt);
    const auth = authority.authorizeSync({ address: delegate, nonce: await nonce(authority.address), chainId: 18215n });
    const raw = await sender.signTransaction({
      type: 4,
      to: sender.address,
      chainId: 18215n,
      nonce: Number(await nonce(sender.address)),
      gasLimit: 200_000n,
      maxFeePerGas: 50_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      authorizationList: [auth],
    });
    h[name] = await chain.rpc.call<string>('eth_sendRawTransaction', [raw]);
    await chain.rpc.call('evm_mine', []);
  }

  beforeAll(async () => {
    A = deployment.deployer.toLowerCase();
    const [rgld, rusd] = [deployment.tokens[0]!.address, deployment.tokens[1]!.address];
    const source = await fs.readFile(path.join(import.meta.dirname, '../../fixtures/sol/SummaryProbe.sol'), 'utf8');
    const compiled = await compileSolidity({ 'SummaryProbe.sol': source });
    const artifact = compiled.artifacts.find((a) => a.contractName === 'SummaryProbe')!;
    await send('create', { data: artifact.bytecode }, 3_000_000n);
    probe = (await nodeTx(h.create!)).receipt.contractAddress!.toLowerCase();
    await send('coin', { to: B, value: 1_500_000_000_000_000_000n }, 21_000n);
    await send('token', { to: rgld, data: erc20.encodeFunctionData('transfer', [B, 12_345_000_000_000_000n]) });
    await send('unlimited', { to: rusd, data: erc20.encodeFunctionData('approve', [deployment.router, MaxUint256]) });
    await send('approveRgld', { to: rgld, data: erc20.encodeFunctionData('approve', [deployment.router, MaxUint256]) });
    const swap = router.encodeFunctionData('swapExactTokensForTokens', [10n ** 18n, 0n, [rusd, rgld], A]);
    await send('swap', { to: deployment.router, data: swap });
    const rslv = deployment.tokens[2]!.address;
    await send('swap3', {
      to: deployment.router,
      data: router.encodeFunctionData('swapExactTokensForTokens', [10n ** 18n, 0n, [rusd, rgld, rslv], B]),
    });
    await send('liquidity', {
      to: deployment.router,
      data: router.encodeFunctionData('addLiquidity', [rgld, rusd, 10n ** 18n, 10n ** 18n]),
    });
    await send('revoke', { to: rusd, data: erc20.encodeFunctionData('approve', [deployment.router, 0n]) });
    await send('approve', { to: rgld, data: erc20.encodeFunctionData('approve', [B, 5n * 10n ** 18n]) });
    await send('mint', { to: probe, data: probeAbi.encodeFunctionData('mint', [A, 7n]) });
    await send('nftTransfer', { to: probe, data: probeAbi.encodeFunctionData('transfer', [B, 7n]) });
    await send('burn', { to: probe, data: probeAbi.encodeFunctionData('burn', [7n]) }, 1_000_000n, B);
    const multi = await deployMultiToken(chain.rpc, A);
    await send('batch', { to: multi, data: multiToken.encodeFunctionData('mintBatch', [B, [1n, 2n], [5n, 6n]]) });
    await send('upgrade', { to: probe, data: probeAbi.encodeFunctionData('upgradeTo', [deployment.router]) });
    await send('distribute', { to: deployment.splitter, data: splitter.encodeFunctionData('distribute', [[B, A]]), value: 10n ** 16n });
    await send('requireFail', { to: probe, data: probeAbi.encodeFunctionData('transfer', [B, 999n]) });
    await send('panic', { to: probe, data: probeAbi.encodeFunctionData('divide', [0n]) });
    await send('custom', { to: probe, data: probeAbi.encodeFunctionData('refuse', [42n]) });
    await sendDelegation('delegate', probe);
    await sendDelegation('clear', '0x0000000000000000000000000000000000000000');
    // The name tags' source, as the product's devnet writes it (server/app.ts).
    await writeDeployment(deploymentFile(chain.dir), deployment);
    database = await openTestDatabase('pglite');
    api = await chain.api(database);
    // Verified, as the verification flow would leave it: the name and the ABI the custom error is decoded with.
    await database.db
      .insertInto('contract_sources')
      .values({
        address: probe,
        contract_name: 'SummaryProbe',
        source,
        abi: toJsonText(artifact.abi),
        compiler_version: 'test',
        compiler_settings: toJsonText({}),
      })
      .execute();
  });
  afterAll(async () => {
    await api?.close();
    await database?.close();
  });

  async function summary(name: string): Promise<TxAction[]> {
    const res = await api.get<TransactionDetailResponse>(apiPaths.txData(h[name]!));
    expect(res.statusCode, name).toBe(200);
    return res.body.result.summary;
  }
  async function only<K extends TxActionKind>(name: string, kind: K): Promise<ActionOf<K>> {
    const s = await summary(name);
    expect(
      s.map((a) => a.kind),
      name,
    ).toEqual([kind]);
    return s[0] as ActionOf<K>;
  }
  const logsOf = async (name: string, topic: string) => (await nodeTx(h[name]!)).receipt.logs.filter((l) => l.topics[0] === topic);

  it('coin and token transfers: the amount of the transaction and of its Transfer event', async () => {
    expect(await only('coin', 'coinTransfer')).toMatchObject({ from: r(A), to: { address: r(B) }, amountWei: '1500000000000000000' });
    const t = await only('token', 'tokenTransfer');
    const [log] = await logsOf('token', TRANSFER);
    expect(t).toMatchObject({
      to: { address: r(B) },
      amountWei: word(log!.data),
      token: { symbol: deployment.tokens[0]!.symbol, decimals: 18 },
    });
  });

  it('a swap: amounts in and out are the Transfer events into and out of the pair, with the pair named by its tag', async () => {
    const s = await only('swap', 'swap');
    const transfers = await logsOf('swap', TRANSFER);
    expect(s.amountInWei).toBe(word(transfers[0]!.data));
    expect(s.amountOutWei).toBe(word(transfers.at(-1)!.data));
    expect(s.tokenIn.symbol).toBe(deployment.tokens[1]!.symbol);
    expect(s.tokenOut.symbol).toBe(deployment.tokens[0]!.symbol);
    expect(s.pool?.label).toMatch(/ LP$/);
    expect(plainSummary([s])).toMatch(/^Swap 1 RUSD for [\d.]+ RGLD on \w+\/\w+ LP \(r/);
  });

  it('a two-hop swap is one action: in is the first Transfer event, out the last (the hop between is not listed)', async () => {
    const s = await only('swap3', 'swap');
    const transfers = await logsOf('swap3', TRANSFER);
    expect(transfers.length).toBe(3);
    expect(s).toMatchObject({ hops: 2, amountInWei: word(transfers[0]!.data), amountOutWei: word(transfers[2]!.data) });
    expect(s.pool?.label).toBe('Ruby DEX Router');
    expect([s.tokenIn.symbol, s.tokenOut.symbol]).toEqual([deployment.tokens[1]!.symbol, deployment.tokens[2]!.symbol]);
  });

  it('adding liquidity: both deposits as the Transfer events moved them; the LP mint is not listed again', async () => {
    const s = await only('liquidity', 'addLiquidity');
    const pool = toHexAddress(s.pool.address).toLowerCase();
    const deposits = (await logsOf('liquidity', TRANSFER)).filter((l) => `0x${l.topics[2]!.slice(26)}` === pool);
    const values = deposits.map((l) => word(l.data));
    expect(values.length).toBe(2);
    expect(values).toContain(s.amount0Wei);
    expect(values).toContain(s.amount1Wei);
    expect([s.token0.symbol, s.token1.symbol].sort()).toEqual([deployment.tokens[0]!.symbol, deployment.tokens[1]!.symbol].sort());
  });

  it('approve (unlimited and an amount, spender with its tag) and revoke, from the Approval events', async () => {
    expect(await only('unlimited', 'approve')).toMatchObject({
      unlimited: true,
      spender: { address: r(deployment.router), label: 'Ruby DEX Router' },
    });
    const [log] = await logsOf('approve', APPROVAL);
    expect(await only('approve', 'approve')).toMatchObject({ unlimited: false, amountWei: word(log!.data), spender: { address: r(B) } });
    expect(await only('revoke', 'revoke')).toMatchObject({ spender: { label: 'Ruby DEX Router' }, token: { symbol: 'RUSD' } });
  });

  it('NFT mint, transfer and burn with their token ids; the creation by its verified name; the proxy upgrade', async () => {
    expect(await only('mint', 'nftMint')).toMatchObject({ tokenIds: ['7'], to: { address: r(A) }, collection: { name: 'SummaryProbe' } });
    expect(await only('nftTransfer', 'nftTransfer')).toMatchObject({ tokenIds: ['7'], from: r(A), to: { address: r(B) } });
    expect(await only('burn', 'nftBurn')).toMatchObject({ tokenIds: ['7'], from: r(B) });
    // ERC-1155 TransferBatch: one mint of both ids.
    expect(await only('batch', 'nftMint')).toMatchObject({ tokenIds: ['1', '2'], to: { address: r(B) } });
    expect(await only('create', 'contractCreation')).toMatchObject({ name: 'SummaryProbe', contract: { address: r(probe) } });
    expect(await only('upgrade', 'proxyUpgrade')).toMatchObject({
      proxy: { address: r(probe) },
      implementation: { label: 'Ruby DEX Router' },
    });
  });

  it('a call with internal coin transfers: "Called distribute on" the splitter, then each payment of its trace', async () => {
    const s = await summary('distribute');
    expect(s[0]).toMatchObject({ kind: 'call', method: 'distribute', contract: { label: 'Ruby Splitter DApp' } });
    expect(s.slice(1).map((a) => (a.kind === 'coinTransfer' ? [a.to.address, a.amountWei] : a.kind))).toEqual([
      [r(B), '5000000000000000'],
      [r(A), '5000000000000000'],
    ]);
  });

  it('EIP-7702: delegation set and cleared, the authority being the account that signed the authorisation', async () => {
    const authority = r(devWallet(9).address);
    expect(await only('delegate', 'delegationSet')).toMatchObject({ authority, delegate: { address: r(probe), label: 'SummaryProbe' } });
    expect(await only('clear', 'delegationCleared')).toMatchObject({ authority });
  });

  it('failed transactions say why: a require string, a Panic with its meaning, a custom error decoded with the verified ABI', async () => {
    expect(await only('requireFail', 'failed')).toMatchObject({
      method: 'transfer',
      reason: { kind: 'error', message: 'SummaryProbe: not the owner' },
    });
    const panic = await only('panic', 'failed');
    expect(panic.reason).toEqual({ kind: 'panic', code: 0x12 });
    expect(plainSummary([panic])).toContain('Panic 0x12 (division or modulo by zero)');
    const custom = await only('custom', 'failed');
    expect(custom.reason).toEqual({ kind: 'custom', name: 'Refused', args: [r(A), '42'] });
    // Asked once: the answer is kept with its block.
    const kept = await database.db
      .selectFrom('tx_summary_facts')
      .select(['tx_hash', 'revert_source'])
      .where('tx_hash', '=', h.custom!)
      .execute();
    expect(kept).toEqual([{ tx_hash: h.custom, revert_source: 'trace' }]);
  });

  it('the lists carry the summary of every item, and txlist an English summary field', async () => {
    const page = await api.get<AllTransactionsPage>(apiPaths.allTx({ page: 1, size: 50 }));
    const items = page.body.result;
    expect(items.length).toBe(50);
    for (const t of items) expect(t.summary?.length, t.hash).toBeGreaterThan(0);
    const custom = items.find((t) => t.hash === h.custom);
    expect(custom?.summary).toEqual(await summary('custom'));
    const es = await api.get<{ result: { hash: string; summary: string }[] }>(
      `${apiPaths.etherscan()}?module=account&action=txlist&address=${B}&sort=desc`,
    );
    const byHash = new Map(es.body.result.map((x) => [x.hash, x.summary]));
    expect(byHash.get(h.burn!)).toBe(plainSummary(await summary('burn')));
    expect(byHash.get(h.coin!)).toBe(`Transfer 1.5 RUBY to ${r(B)}`);
  });
});
