/**
 * Issue #40, the State tab's API: on the devnet, what /getTransactionStateChanges answers equals
 * the node's own prestateTracer diff (balances, nonces, storage) for a coin transfer, a token
 * transfer, a contract creation and a failed transaction, and the coin differences add up to minus
 * the burnt fee. A verified token's changed slots are named from its storage layout. Against a
 * plain node (no debug tracing) the answer comes from the index and still agrees on the coin.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { apiPaths, rawApiPath } from '../../../common/api/paths';
import type { TxStateChanges, TxStateChangesResponse } from '../../../common/api/stateChanges';
import { buildApi } from '../../../server/api/server';
import type { PrestateDiff } from '../../../server/chain/types';
import { readProjectSources, standardInput } from '../../../server/chain/compile';
import { fromPrestate } from '../../../server/queries/stateDiff';
import { openDatabase, type Database } from '../../../server/db/database';
import { LocalBus } from '../../../server/events';
import { TX_TYPE } from '../../../common/txTypes';
import type { TestApi } from '../../helpers/apiFixture';
import { startPlainNode, type PlainNode } from '../../helpers/plainNode';
import { chain, deployment, useTransactionsChain } from './transactionsFixture';

useTransactionsChain();
let database: Database;
let api: TestApi;
let plain: PlainNode;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  api = await chain.api(database);
  plain = await startPlainNode({ upstream: chain.devnet.url });
}, 300_000);
afterAll(async () => {
  await api?.close();
  await plain?.close();
  await database?.close();
});

const base = () => database.db.selectFrom('transactions').select(['hash', 'block_number']);
type Query = ReturnType<typeof base>;
/** The newest indexed transaction matching a condition. */
const find = (where: (q: Query) => Query) => where(base()).orderBy('block_number', 'desc').limit(1).executeTakeFirstOrThrow();
const coinTransfer = (q: Query) => q.where('tx_type', '=', TX_TYPE.coinTransfer).where('status', '=', 1);
const failed = (q: Query) => q.where('status', '=', 0);

async function changes(hash: string, on: TestApi | { get: TestApi['get'] } = api): Promise<TxStateChanges> {
  const res = await on.get<TxStateChangesResponse>(apiPaths.txStateChanges(hash));
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

/** The answer equals the node's diff, account by account, and reconciles. */
async function expectNodeDiff(hash: string): Promise<TxStateChanges> {
  const s = await changes(hash);
  expect(s.source).toBe('prestateTracer');
  const diff = await chain.rpc.call<PrestateDiff>('debug_traceTransaction', [
    hash,
    { tracer: 'prestateTracer', tracerConfig: { diffMode: true } },
  ]);
  const node = fromPrestate(diff);
  const shown = new Map(s.accounts.map((a) => [a.address, a]));
  for (const n of node) {
    const a = shown.get(toRubyAddress(n.address));
    expect(a, n.address).toBeDefined();
    expect([a?.balanceBeforeWei, a?.balanceAfterWei, a?.nonceBefore, a?.nonceAfter]).toEqual([
      n.balanceBefore?.toString(),
      n.balanceAfter?.toString(),
      n.nonceBefore,
      n.nonceAfter,
    ]);
    expect(a?.storage.map((x) => [x.slot, x.before, x.after])).toEqual(n.storage.map((x) => [x.slot, x.before, x.after]));
  }
  const sum = s.accounts.reduce((t, a) => t + BigInt(a.balanceDifferenceWei), 0n);
  const receipt = await chain.rpc.call<{ gasUsed: string; blockNumber: string }>('eth_getTransactionReceipt', [hash]);
  const block = await chain.rpc.call<{ baseFeePerGas: string }>('eth_getBlockByNumber', [receipt.blockNumber, false]);
  expect(s.reconciliation.burntFeeWei).toBe((BigInt(block.baseFeePerGas) * BigInt(receipt.gasUsed)).toString());
  expect(sum.toString()).toBe(s.reconciliation.sumOfDifferencesWei);
  expect(sum).toBe(-BigInt(s.reconciliation.burntFeeWei));
  expect(s.reconciliation.reconciled).toBe(true);
  return s;
}

it('equals the node prestateTracer diff and reconciles: coin transfer, creation, failed transaction', async () => {
  const coin = await find(coinTransfer);
  const s = await expectNodeDiff(coin.hash);
  expect(s.accounts.map((a) => a.role).slice(0, 2)).toEqual(['sender', 'recipient']);
  const created = await find((q) => q.where('tx_type', '=', TX_TYPE.contractCreate).where('status', '=', 1));
  const c = await expectNodeDiff(created.hash);
  expect(c.accounts.find((a) => a.role === 'created')).toMatchObject({ code: 'created', nonceBefore: 0, nonceAfter: 1 });
  const f = await expectNodeDiff((await find(failed)).hash);
  expect(f.accounts.every((a) => a.tokens.length === 0)).toBe(true);
}, 60_000);

it("a token transfer: token balances move by the Transfer events, and a verified token's slots are named", async () => {
  const token = deployment.tokens[0]!.address;
  const post = async (fields: Record<string, string>) =>
    (await api.app.inject({ method: 'POST', url: apiPaths.etherscan(), payload: fields })).json();
  const sourceCode = JSON.stringify(standardInput(await readProjectSources()));
  const contractname = 'contracts/RubyToken.sol:RubyToken';
  const guid = await post({
    module: 'contract',
    action: 'verifysourcecode',
    contractaddress: token,
    contractname,
    codeformat: 'solidity-standard-json-input',
    sourceCode,
  });
  // Etherscan's verification answers a GUID at once and verifies after (a compile: seconds on a busy
  // machine): wait for the outcome, as Hardhat does.
  let status: { status: string; result: string } = { status: '0', result: 'Pending in queue' };
  for (const end = Date.now() + 90_000; /pending/i.test(status.result) && Date.now() < end; await new Promise((r) => setTimeout(r, 500)))
    status = await post({ module: 'contract', action: 'checkverifystatus', guid: String(guid.result) });
  expect(status).toMatchObject({ status: '1' });

  const t = await find((q) => q.where('tx_type', '=', TX_TYPE.tokenTransfer).where('status', '=', 1).where('token_address', '=', token));
  const s = await expectNodeDiff(t.hash);
  const moves = s.accounts.flatMap((a) => a.tokens.map((x) => ({ ...x, holder: a.address })));
  expect(moves.length).toBeGreaterThanOrEqual(2);
  expect(moves.reduce((sum, m) => sum + BigInt(m.differenceWei), 0n)).toBe(0n);
  for (const m of moves) expect(BigInt(m.afterWei ?? '0') - BigInt(m.beforeWei ?? '0')).toBe(BigInt(m.differenceWei));
  const tokenAccount = s.accounts.find((a) => a.address === toRubyAddress(token));
  expect(tokenAccount?.storageLayout).toBe('decoded');
  const named = tokenAccount?.storage.flatMap((x) => x.variables) ?? [];
  // Each holder's balance slot is named and holds what the token changes say.
  for (const m of moves) {
    const v = named.find((n) => n.name === `_balances[${m.holder}]`);
    expect(v, m.holder).toMatchObject({ type: 'uint256', before: m.beforeWei, after: m.afterWei });
  }
}, 180_000);

it('bad hash → 400, unknown hash → 404', async () => {
  expect((await api.get(rawApiPath('txStateChanges', '0x12'))).statusCode).toBe(400);
  expect((await api.get(apiPaths.txStateChanges(`0x${'ab'.repeat(32)}`))).statusCode).toBe(404);
});

it('against a plain node (no debug tracing) the answer comes from the index, agrees on the coin and reconciles', async () => {
  const { app } = await buildApi({
    config: api.ctx.config,
    db: database,
    bus: new LocalBus(),
    rpcUrl: plain.url,
    indexerStatus: () => api.indexer.status(),
    log: () => {},
    distDir: path.join(chain.dir, 'no-dist'),
  });
  try {
    const get = async <T>(url: string) => {
      const res = await app.inject({ method: 'GET', url });
      return { statusCode: res.statusCode, body: res.json<T>() };
    };
    for (const where of [coinTransfer, failed]) {
      const { hash } = await find(where);
      const [node, ours] = [await changes(hash), await changes(hash, { get })];
      expect(ours.source).toBe('index');
      expect(ours.reconciliation.reconciled).toBe(true);
      const pick = (x: TxStateChanges) =>
        x.accounts.map((a) => [a.address, a.balanceBeforeWei, a.balanceAfterWei, a.nonceBefore, a.nonceAfter]);
      // The node's diff also names untouched nonces; compare the accounts the index sees.
      const theirs = new Map(pick(node).map((r) => [r[0], r]));
      for (const r of pick(ours)) expect([r[0], r[1], r[2]]).toEqual(theirs.get(r[0] as string)?.slice(0, 3));
      expect(plain.refused.get('debug_traceTransaction')).toBeGreaterThan(0);
    }
  } finally {
    await app.close();
  }
}, 60_000);
