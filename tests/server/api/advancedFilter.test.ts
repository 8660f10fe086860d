/**
 * The advanced filter on the devnet: ten representative filters, each walked page by page, equal
 * the brute-force scan of the node's blocks, receipts and traces (advancedFilterOracle.ts); the CSV
 * holds the same rows; an impossible filter is a 400 with its reason, never a 500.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { parseFilter, type FilterQuery } from '../../../common/advancedFilter';
import type { AdvancedFilterPage } from '../../../common/api/advancedFilter';
import { apiPaths } from '../../../common/api/paths';
import type { TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { lower } from './etherscanFixture';
import { chain, deployment, node, useAccountChain } from './etherscanAccountFixture';
import { allRows, brute, type OracleRow } from './advancedFilterOracle';
import { filterRange, filterRows, keyOf } from '../../../server/queries/advancedFilter';
import { filterExportRows } from '../../../server/queries/advancedFilterExport';

useAccountChain();

const NAMES = { transfer: ['transfer(address,uint256)'] };
const view = (r: { kind: string; hash: string; from: string; to: string | null; valueWei: string; tokenId: string | null; ok: boolean }) =>
  `${r.kind} ${r.hash} ${lower(r.from)} ${lower(r.to)} ${r.valueWei} ${r.tokenId ?? '-'} ${r.ok ? 'ok' : 'failed'}`;
const apiView = (r: AdvancedFilterPage['result'][number]) =>
  view({ ...r, from: `0x${r.from.slice(1)}`, to: r.to ? `0x${r.to.slice(1)}` : null, ok: r.status === 'Success' });

describeEachDatabase('advanced filter', (getDb) => {
  let api: TestApi;
  let all: OracleRow[];
  beforeAll(async () => {
    api = await chain.api(getDb());
    all = allRows(node);
  }, 300_000);
  afterAll(() => api?.close());

  /** Every page of a filter (size 7, so the walk crosses pages inside one transaction's rows). */
  async function walk(q: FilterQuery): Promise<string[]> {
    const out: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 500; i++) {
      const res = await api.get<AdvancedFilterPage>(apiPaths.advancedFilter({ ...q, size: 7, cursor }));
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      out.push(...res.body.result.map(apiView));
      if (res.body.next === null) return out;
      cursor = res.body.next;
    }
    throw new Error('no last page');
  }

  it('ten representative filters equal a brute-force scan of the node', async () => {
    const counts = (k: (r: OracleRow) => string) => {
      const m = new Map<string, number>();
      for (const r of all) m.set(k(r), (m.get(k(r)) ?? 0) + 1);
      return [...m].sort((a, b) => b[1] - a[1]).map(([v]) => v);
    };
    const [busyFrom = '', otherFrom = ''] = counts((r) => r.from);
    const pair = all.find((r) => r.from === busyFrom && r.to !== null && r.to !== busyFrom)!;
    const token = lower(deployment.tokens[0]!.address);
    const mid = all[Math.floor(all.length / 2)]!.key[0];
    const day = new Date(all[0]!.timestamp * 1000).toISOString().slice(0, 10);
    const filters: FilterQuery[] = [
      {},
      { from: toRubyAddress(busyFrom) },
      { from: busyFrom, to: toRubyAddress(pair.to!) },
      { from: `${busyFrom},${otherFrom}`, to: pair.to!, mode: 'or', kind: 'tx,token' },
      { method: '0xa9059cbb' },
      { method: 'transfer', kind: 'tx', status: 'success' },
      { token: toRubyAddress(token), min: '0.5', max: '1000000' },
      { kind: 'nft,internal' },
      { status: 'failed' },
      { fromBlock: String(mid - 3), toBlock: String(mid), kind: 'token,internal', fromDate: day, toDate: day },
    ];
    let nonEmpty = 0;
    for (const q of filters) {
      const want = brute(all, parseFilter(q), NAMES).map(view);
      if (want.length > 0) nonEmpty++;
      expect(await walk(q), JSON.stringify(q)).toEqual(want);
    }
    // The filters mean something on this chain: they keep different, non-empty sets.
    expect(nonEmpty).toBeGreaterThanOrEqual(9);
    expect(new Set(all.map((r) => r.kind))).toEqual(new Set(['tx', 'internal', 'token', 'nft']));
    expect(all.some((r) => !r.ok)).toBe(true);
  }, 120_000);

  it('the CSV streams every row of the same filter, newest first', async () => {
    const q: FilterQuery = { kind: 'tx,token', status: 'success' };
    const res = await api.app.inject({ method: 'GET', url: apiPaths.advancedFilterCsv(q) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trimEnd().split('\r\n');
    const want = brute(all, parseFilter(q));
    expect(lines[0]).toMatch(/^Kind,Transaction Hash,Blockno,/);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(' '))).toEqual(want.map((r) => `${r.kind} ${r.hash}`));
  });

  it("the CSV's per-kind merge gives the page query's rows in its order, batches of 3 ending inside blocks", async () => {
    const filters: FilterQuery[] = [{}, { kind: 'tx,token' }, { kind: 'nft,internal' }, { status: 'failed' }, { method: 'transfer' }];
    let crossed = 0;
    for (const q of filters) {
      const spec = parseFilter(q);
      const range = (await filterRange(api.ctx, spec))!;
      // The page query walked one row at a time: the order every export must keep.
      const want = (await filterRows(api.ctx, spec, range, 100_000)).map((r) => keyOf(r).join('.'));
      // Batches of 3: most end inside a block, so every part's cursor is taken mid-block.
      const got: string[] = [];
      const sizes: number[] = [];
      for await (const rows of filterExportRows(api.ctx, spec, range, 3)) {
        sizes.push(rows.length);
        got.push(...rows.map((r) => keyOf(r).join('.')));
      }
      expect(got, JSON.stringify(q)).toEqual(want);
      expect(Math.max(0, ...sizes)).toBeLessThanOrEqual(3);
      for (let i = 1; i < want.length; i++) if (want[i]!.split('.')[0] === want[i - 1]!.split('.')[0] && i % 3 === 0) crossed++;
    }
    expect(crossed).toBeGreaterThan(10);
  });

  it('an impossible filter is a 400 with its reason, on the page API and the CSV', async () => {
    const cases: [FilterQuery, RegExp][] = [
      [{ fromBlock: '9', toBlock: '3' }, /first block 9 is after the last block 3/],
      [{ fromDate: '2026-03-02', toDate: '2026-03-01' }, /start date .* after the end date/],
      [{ min: '5', max: '1' }, /minimum amount 5 is above the maximum 1/],
      [{ method: '0x12' }, /Invalid method selector "0x12"/],
      [{ method: 'not a name' }, /Invalid method name/],
      [{ token: toRubyAddress(deployment.deployer) }, /Unknown token r/],
      [{ from: 'rnope' }, /Invalid address "rnope" in from/],
      [{ kind: 'blocks' }, /Invalid kind "blocks"/],
      [{ token: deployment.tokens[0]!.address, kind: 'tx' }, /token filter matches token transfers only/],
      [{ fromDate: '2026-02-30' }, /Invalid fromDate/],
      [{ cursor: 'x' }, /Invalid cursor/],
      [{ size: '1000' }, /Invalid size/],
    ];
    for (const [q, message] of cases) {
      const res = await api.get<{ status: boolean; message: string }>(apiPaths.advancedFilter(q));
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const csv = await api.get<{ message: string }>(apiPaths.advancedFilterCsv({ fromBlock: '9', toBlock: '3' }));
    expect(csv.statusCode).toBe(400);
  });
});
