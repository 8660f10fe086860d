/**
 * Issue #38, defect 4: the SPA's pages answer 404 when their subject does not exist and 200 when it
 * does, against a chain the indexer has indexed (the devnet's traffic: blocks, transactions, tokens,
 * DApps), the real build and PGlite. The empty-chain cases and the wallet links are in
 * spaShellRoutes.test.ts.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toChecksumHexAddress, toRubyAddress } from '../../../common/address';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { openTestDatabase } from '../../helpers/db';
import type { Database } from '../../../server/db/database';
import { ensureDistBuilt } from '../../helpers/distBuild';
import { REPO_ROOT } from '../../helpers/product';

let chain: IndexedChain;
let db: Database;
let api: TestApi;
let block: { number: number; hash: string };
let txHash: string;
let token: string;
let dapp: string;

beforeAll(async () => {
  ensureDistBuilt();
  chain = await startIndexedChain({ steps: 3 });
  db = await openTestDatabase('pglite');
  api = await chain.api(db, {}, { distDir: path.join(REPO_ROOT, 'dist') });
  const q = api.ctx.db;
  const b = await q.selectFrom('blocks').select(['number', 'hash']).orderBy('number', 'desc').executeTakeFirstOrThrow();
  block = { number: Number(b.number), hash: b.hash };
  txHash = (await q.selectFrom('transactions').select('hash').executeTakeFirstOrThrow()).hash;
  token = (await q.selectFrom('contracts').select('address').where('contract_type', '=', 'rbc20').executeTakeFirstOrThrow()).address;
  dapp = (
    await q
      .selectFrom('contracts')
      .select('address')
      .where('contract_type', '<>', 'rbc20')
      .where('is_nft', '=', false)
      .executeTakeFirstOrThrow()
  ).address;
}, 300_000);

afterAll(async () => {
  await api?.close();
  await db?.close();
  await chain?.stop();
}, 60_000);

const status = async (url: string) => (await api.app.inject({ method: 'GET', url })).statusCode;

it('answers 200 for what the index holds, 404 beyond it', async () => {
  expect(await status(`/Block/${block.number}`)).toBe(200);
  expect(await status(`/block/${block.number}`)).toBe(200);
  expect(await status(`/block/0x${block.number.toString(16)}`)).toBe(200);
  expect(await status(`/block/${block.hash}`)).toBe(200);
  expect(await status(`/block/${block.hash.toUpperCase().replace('0X', '0x')}`)).toBe(200);
  expect(await status(`/Block/${block.number + 1000}`)).toBe(404);
  expect(await status(`/block/0x${'ef'.repeat(32)}`)).toBe(404);
  expect(await status(`/transaction/${txHash}`)).toBe(200);
  expect(await status(`/transaction/0x${'ef'.repeat(32)}`)).toBe(404);
});

it('answers 200 for a token page of a token (either address form) and 404 for any other address', async () => {
  expect(await status(`/TokenDetail/${toRubyAddress(token)}`)).toBe(200);
  expect(await status(`/TokenDetail/${toChecksumHexAddress(token)}`)).toBe(200);
  expect(await status(`/TokenDetail/${toRubyAddress(dapp)}`)).toBe(404);
  expect(await status(`/contractDetail/${toRubyAddress(dapp)}`)).toBe(200);
  expect(await status(`/contractDetail/${toRubyAddress(token)}`)).toBe(200);
  expect(await status(`/address/${toChecksumHexAddress(dapp)}`)).toBe(200);
  // The wallet link to the token ends on its page.
  const moved = await api.app.inject({ method: 'GET', url: `/token/${toChecksumHexAddress(token)}` });
  expect(moved.statusCode).toBe(301);
  expect(await status(String(moved.headers.location))).toBe(200);
});
