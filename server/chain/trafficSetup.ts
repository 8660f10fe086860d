/**
 * First-start deployment of the demo contracts, in three rounds that each wait for the previous:
 * 1. the three RBC20 tokens, the DEX router, the splitter DApp and the NFT (from dev account 0);
 * 2. token hand-outs to dev accounts 1–9 and router approvals from all ten dev accounts;
 * 3. liquidity for three pools (the router creates each pair with `new`).
 */
import { Interface, MaxUint256, concat, type BaseWallet } from 'ethers';
import { compileContracts, type Artifact, type StandardJsonInput } from './compile';
import { sharedCompiler } from './compileWorker';
import type { DevAccounts } from './devAccounts';
import { hexToNumber, type RpcClient } from './rpc';
import { batchOf, rpcCalls } from './rpcActions';
import { POOLS, TOKENS, erc20, router, type Deployment } from './trafficContracts';
import { GWEI, latestBaseFee, pendingNonces, sendRaw, signTx, waitForReceipts, type MinedReceipt, type MiningMode } from './trafficSend';

export interface SetupContext {
  rpc: RpcClient;
  chainId: number;
  mode: MiningMode;
  /** The devnet's funded accounts (index 0 deploys). */
  accounts: DevAccounts;
  cacheDir?: string;
  log: (msg: string) => void;
}

export interface PhaseTx {
  label: string;
  wallet: BaseWallet;
  to: string | null;
  data: string;
}

const UNIT = 10n ** 18n;
/** The first start compiles contracts/ with OpenZeppelin; a slow machine needs more than an upload gets. */
export const SETUP_COMPILE_TIMEOUT_MS = 300_000;

/** Sends one round and waits for it; every transaction must succeed. */
export async function runPhase(ctx: SetupContext, txs: PhaseTx[]): Promise<MinedReceipt[]> {
  const nonces = await pendingNonces(
    ctx.rpc,
    txs.map((t) => t.wallet.address),
  );
  // The round's transactions do not depend on each other, so estimating them all up front is exact.
  const estimates = await batchOf(
    ctx.rpc,
    txs.map((t) => rpcCalls.estimateGas({ from: t.wallet.address, ...(t.to ? { to: t.to } : {}), data: t.data })),
  );
  const baseFee = await latestBaseFee(ctx.rpc);
  const raws: string[] = [];
  for (const [i, t] of txs.entries()) {
    const key = t.wallet.address.toLowerCase();
    const nonce = nonces.get(key) ?? 0;
    nonces.set(key, nonce + 1);
    const gasLimit = ((estimates[i] ?? 0n) * 13n) / 10n;
    raws.push(await signTx({ wallet: t.wallet, to: t.to, value: 0n, data: t.data, gasLimit, nonce, tip: GWEI }, ctx.chainId, baseFee));
  }
  const sent = await sendRaw(ctx.rpc, raws);
  const refused = sent.findIndex((s) => s.error);
  if (refused >= 0) throw new Error(`setup: node refused ${txs[refused]?.label}: ${sent[refused]?.error}`);
  const receipts = await waitForReceipts(
    ctx.rpc,
    sent.map((s) => s.hash),
    ctx.mode,
  );
  const failed = receipts.findIndex((r) => r.status !== '0x1');
  if (failed >= 0) throw new Error(`setup: ${txs[failed]?.label} reverted (${receipts[failed]?.transactionHash})`);
  return receipts;
}

export function deployData(artifact: Artifact, args: unknown[] = []): string {
  return concat([artifact.bytecode, new Interface(artifact.abi).encodeDeploy(args)]);
}

export async function deployAll(ctx: SetupContext): Promise<Deployment> {
  // On the compiler worker: the process that deploys (the product's HTTP thread) keeps no solc.
  const compile = (input: StandardJsonInput) => sharedCompiler().compile(input, SETUP_COMPILE_TIMEOUT_MS);
  const artifacts = await compileContracts(ctx.cacheDir ? { cacheDir: ctx.cacheDir, compile } : { compile });
  const art = (name: string): Artifact => {
    const a = artifacts[name];
    if (!a) throw new Error(`contracts/ has no contract ${name}`);
    return a;
  };
  const deployer = ctx.accounts.wallet(0);
  const others = ctx.accounts.wallets().slice(1);

  const created = await runPhase(ctx, [
    ...TOKENS.map((t) => ({
      label: `deploy ${t.symbol}`,
      wallet: deployer,
      to: null,
      data: deployData(art('RubyToken'), [t.name, t.symbol, t.supply * UNIT]),
    })),
    { label: 'deploy RubyRouter', wallet: deployer, to: null, data: deployData(art('RubyRouter')) },
    { label: 'deploy RubySplitter', wallet: deployer, to: null, data: deployData(art('RubySplitter')) },
    { label: 'deploy RubyNFT', wallet: deployer, to: null, data: deployData(art('RubyNFT')) },
  ]);
  const addr = created.map((r) => (r.contractAddress ?? '').toLowerCase());
  const tokens = TOKENS.map((t, i) => ({ name: t.name, symbol: t.symbol, address: addr[i] ?? '' }));
  const [routerAddr, splitterAddr, nftAddr] = addr.slice(TOKENS.length);
  if (!routerAddr || !splitterAddr || !nftAddr) throw new Error('setup: missing contract address in a receipt');
  ctx.log(`traffic: deployed ${tokens.map((t) => `${t.symbol} ${t.address}`).join(', ')}, router ${routerAddr}`);

  const handOut: PhaseTx[] = [];
  for (const w of others) {
    for (const [i, t] of tokens.entries()) {
      const amount = (TOKENS[i]?.perAccount ?? 0n) * UNIT;
      handOut.push({
        label: `${t.symbol} to ${w.address}`,
        wallet: deployer,
        to: t.address,
        data: erc20.encodeFunctionData('transfer', [w.address, amount]),
      });
    }
  }
  for (const w of [deployer, ...others]) {
    for (const t of tokens) {
      handOut.push({
        label: `approve ${t.symbol}`,
        wallet: w,
        to: t.address,
        data: erc20.encodeFunctionData('approve', [routerAddr, MaxUint256]),
      });
    }
  }
  await runPhase(ctx, handOut);

  await runPhase(
    ctx,
    POOLS.map((p) => ({
      label: `liquidity ${tokens[p.a]?.symbol}/${tokens[p.b]?.symbol}`,
      wallet: deployer,
      to: routerAddr,
      data: router.encodeFunctionData('addLiquidity', [tokens[p.a]?.address, tokens[p.b]?.address, p.amountA * UNIT, p.amountB * UNIT]),
    })),
  );
  const pairAddrs = await batchOf(
    ctx.rpc,
    POOLS.map((p) =>
      rpcCalls.call({ to: routerAddr, data: router.encodeFunctionData('getPair', [tokens[p.a]?.address, tokens[p.b]?.address]) }, 'latest'),
    ),
  );
  const pairs = POOLS.map((p, i) => {
    const a = tokens[p.a];
    const b = tokens[p.b];
    if (!a || !b) throw new Error('setup: pool refers to a missing token');
    const address = `0x${(pairAddrs[i] ?? '').slice(-40)}`.toLowerCase();
    return { symbols: [a.symbol, b.symbol] as [string, string], tokens: [a.address, b.address] as [string, string], address };
  });
  return {
    version: 1,
    chainId: ctx.chainId,
    deployer: deployer.address.toLowerCase(),
    deployedAtBlock: hexToNumber(created[0]?.blockNumber),
    tokens,
    router: routerAddr,
    pairs,
    splitter: splitterAddr,
    nft: nftAddr,
  };
}
