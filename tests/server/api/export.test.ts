/**
 * CSV export of an address's history (GET /api/export/…) on a real devnet's indexed traffic, on
 * PGlite and PostgreSQL: every row of the database comes out once, oldest first, as valid CSV
 * (parsed back here with an RFC 4180 reader), across batch boundaries, with date ranges, and bad
 * input gets a 400 JSON error.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import { internalRows, tokenTransferRows, transactionRows } from '../../../server/queries/exportRows';
import { csvField, exactUnits, internalLine, transferLine, txLine } from '../../../server/api/export/csv';
import { formatUnits } from 'ethers';
import { TX_TYPE_LABELS } from '../../../common/spec';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';

/** RFC 4180: fields split on commas, quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error('the CSV does not end with CRLF');
  return rows;
}

let chain: IndexedChain;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 8 });
}, 180_000);
afterAll(() => chain?.stop());

const csvUrl = (kind: string, file: string, query?: Record<string, string>) => apiPaths.exportCsv({ kind, file }, query);

const all = async <T>(gen: AsyncGenerator<T[]>): Promise<T[]> => {
  const out: T[] = [];
  for await (const rows of gen) out.push(...rows);
  return out;
};

describeEachDatabase('CSV export', (getDb) => {
  let api: TestApi;
  /** The busiest addresses of each kind in this chain. */
  let busy: { tx: string; transfer: string; internal: string };
  beforeAll(async () => {
    api = await chain.api(getDb());
    const top = async (q: ReturnType<typeof sql<{ a: string }>>) => (await q.execute(api.ctx.db)).rows[0]!.a;
    busy = {
      tx: await top(
        sql<{ a: string }>`SELECT address AS a FROM address_transactions GROUP BY address ORDER BY count(*) DESC, address LIMIT 1`,
      ),
      transfer: await top(
        sql<{
          a: string;
        }>`SELECT a FROM (SELECT from_address AS a FROM token_transfers UNION ALL SELECT to_address FROM token_transfers) x GROUP BY a ORDER BY count(*) DESC, a LIMIT 1`,
      ),
      internal: await top(
        sql<{
          a: string;
        }>`SELECT a FROM (SELECT from_address AS a FROM internal_transactions UNION ALL SELECT to_address FROM internal_transactions) x WHERE a IS NOT NULL GROUP BY a ORDER BY count(*) DESC, a LIMIT 1`,
      ),
    };
  }, 120_000);
  afterAll(() => api?.close());

  const download = async (url: string) => {
    const res = await api.app.inject({ method: 'GET', url });
    return { status: res.statusCode, headers: res.headers, text: res.body };
  };

  it('streams every transaction of an address once, oldest first, as valid CSV', async () => {
    const res = await download(csvUrl('transactions', `${toRubyAddress(busy.tx)}.csv`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="transactions-${toRubyAddress(busy.tx)}.csv"`);
    const [header, ...rows] = parseCsv(res.text);
    expect(header!.slice(0, 4)).toEqual(['Transaction Hash', 'Blockno', 'UnixTimestamp', 'DateTime (UTC)']);
    for (const r of rows) expect(r.length).toBe(header!.length);
    const expected = (
      await sql<{ hash: string }>`SELECT hash FROM address_transactions WHERE address = ${busy.tx} ORDER BY block_number, tx_index`.execute(
        api.ctx.db,
      )
    ).rows;
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.map((r) => r[0])).toEqual(expected.map((e) => e.hash));
    // Values exact: the wei column and the RUBY column agree.
    for (const r of rows) {
      const wei = BigInt(r[header!.indexOf('Value (wei)')]!);
      const shown = r[header!.indexOf(r[header!.indexOf('From')] === toRubyAddress(busy.tx) ? 'Value_OUT(RUBY)' : 'Value_IN(RUBY)')]!;
      const [whole, frac = ''] = shown.split('.');
      expect(BigInt(whole!) * 10n ** 18n + BigInt(frac.padEnd(18, '0') || '0')).toBe(wei);
    }
  });

  it('gives the same rows in batches of 3 as in one (the keyset continues exactly)', async () => {
    const range = { from: 0, to: 1_000_000 };
    const ctx = api.ctx;
    expect((await all(transactionRows(ctx, busy.tx, range, 3))).map((r) => r.hash)).toEqual(
      (await all(transactionRows(ctx, busy.tx, range))).map((r) => r.hash),
    );
    const key = (r: { tx_hash: string; block_number: number }) => `${r.block_number}:${r.tx_hash}`;
    const transfers = await all(tokenTransferRows(ctx, busy.transfer, range));
    expect(transfers.length).toBeGreaterThan(3);
    expect((await all(tokenTransferRows(ctx, busy.transfer, range, 3))).map((r) => `${key(r)}:${r.log_index}`)).toEqual(
      transfers.map((r) => `${key(r)}:${r.log_index}`),
    );
    const internal = await all(internalRows(ctx, busy.internal, range));
    expect(internal.length).toBeGreaterThan(3);
    expect((await all(internalRows(ctx, busy.internal, range, 2))).map((r) => `${key(r)}:${r.tx_index}:${r.trace_index}`)).toEqual(
      internal.map((r) => `${key(r)}:${r.tx_index}:${r.trace_index}`),
    );
    const dbCount = (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM internal_transactions WHERE from_address = ${busy.internal} OR to_address = ${busy.internal}`.execute(
        ctx.db,
      )
    ).rows[0]!.n;
    expect(internal.length).toBe(dbCount);
  });

  it('exports token transfers with the token, direction and exact amounts, and internal transactions', async () => {
    const res = await download(csvUrl('tokentransfers', `${busy.transfer}.csv`));
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.text);
    const n = (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM token_transfers WHERE from_address = ${busy.transfer} OR to_address = ${busy.transfer}`.execute(
        api.ctx.db,
      )
    ).rows[0]!.n;
    expect(rows.length).toBe(n);
    const dir = header!.indexOf('Direction');
    for (const r of rows) {
      expect(r.length).toBe(header!.length);
      expect(['IN', 'OUT', 'SELF']).toContain(r[dir]);
      expect(r[header!.indexOf('TokenSymbol')]).not.toBe('');
    }
    const internal = await download(csvUrl('internal', `${busy.internal}.csv`));
    expect(internal.status).toBe(200);
    expect(parseCsv(internal.text)[0]).toContain('TraceAddress');
  });

  it('keeps to the date range (UTC days, inclusive)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const whole = parseCsv((await download(csvUrl('transactions', `${busy.tx}.csv`))).text).length;
    expect(parseCsv((await download(csvUrl('transactions', `${busy.tx}.csv`, { start: today, end: today }))).text).length).toBe(whole);
    const future = await download(csvUrl('transactions', `${busy.tx}.csv`, { start: '2999-01-01' }));
    expect(future.status).toBe(200);
    expect(parseCsv(future.text)).toHaveLength(1);
    expect(parseCsv((await download(csvUrl('transactions', `${busy.tx}.csv`, { end: '2000-01-01' }))).text)).toHaveLength(1);
  });

  it('answers bad input with a 400 JSON error', async () => {
    const cases: Array<[string, RegExp]> = [
      [csvUrl('transactions', 'r123.csv'), /^Invalid address "r123"/],
      [csvUrl('transactions', `${busy.tx}.txt`), /^Name the file as <address>\.csv$/],
      [csvUrl('balances', `${busy.tx}.csv`), /^Unknown export "balances": use transactions, tokentransfers, internal$/],
      [csvUrl('transactions', `${busy.tx}.csv`, { start: '2024-02-30' }), /^Invalid start date "2024-02-30": use YYYY-MM-DD \(UTC\)$/],
      [csvUrl('transactions', `${busy.tx}.csv`, { end: '24-1-1' }), /^Invalid end date/],
      [
        csvUrl('transactions', `${busy.tx}.csv`, { start: '2024-03-02', end: '2024-03-01' }),
        /^The start date 2024-03-02 is after the end date 2024-03-01$/,
      ],
    ];
    for (const [url, message] of cases) {
      const res = await api.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ status: false, message: expect.stringMatching(message) });
    }
  });
});

it('quotes what needs quoting and disarms spreadsheet formulas', () => {
  expect(csvField('plain')).toBe('plain');
  expect(csvField('a,b')).toBe('"a,b"');
  expect(csvField('say "hi"')).toBe('"say ""hi"""');
  expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  expect(csvField('-12.5')).toBe('-12.5');
  expect(csvField(null)).toBe('');
});

it('writes exact amounts: every digit kept, trailing zeros trimmed, as ethers formats them', () => {
  const raws = ['0', '1', '10', '1000000000000000000', '1500000000000000000', '000123', '123456789012345678901234567890'];
  for (let i = 0; i < 200; i++) raws.push(BigInt(Math.floor(Math.random() * 1e15)) * BigInt(10 ** (i % 8)) + '');
  for (const raw of raws)
    for (const decimals of [0, 1, 6, 18, 30]) {
      const want = formatUnits(BigInt(raw), decimals).replace(/\.0$/, '');
      expect(exactUnits(raw, decimals), `${raw} / 10^${decimals}`).toBe(want);
    }
});

it('quotes the free-text fields of every row kind and writes the rest as they are', () => {
  const hex = (c: string) => `0x${c.repeat(40)}`;
  const base = { block_number: 7, timestamp: 1_700_000_000, from_address: hex('a'), value: '1500000000000000000' };
  const tx = txLine(
    {
      ...base,
      hash: `0x${'1'.repeat(64)}`,
      to_address: null,
      contract_address: hex('b'),
      fee: '21000',
      status: 0,
      tx_type: 2,
      method: 'f(a,"b")',
      nonce: 3,
    },
    hex('a'),
  );
  expect(parseCsv(tx)).toEqual([
    [
      `0x${'1'.repeat(64)}`,
      '7',
      '1700000000',
      '2023-11-14 22:13:20',
      toRubyAddress(hex('a')),
      '',
      toRubyAddress(hex('b')),
      '0',
      '1.5',
      '0.000000000000021',
      'Failed',
      'f(a,"b")',
      TX_TYPE_LABELS[2],
      '3',
      '1500000000000000000',
      '21000',
    ],
  ]);
  const transfer = transferLine(
    {
      ...base,
      tx_hash: `0x${'2'.repeat(64)}`,
      log_index: 1,
      batch_index: 0,
      token_address: hex('c'),
      to_address: hex('d'),
      token_id: null,
      name: '=cmd|x',
      symbol: 'A,B',
      decimals: 6,
    },
    hex('d'),
  );
  const t = parseCsv(transfer)[0];
  expect([t?.[6], t?.[8], t?.[9], t?.[11]]).toEqual(['1500000000000', "'=cmd|x", 'A,B', 'IN']);
  const internal = internalLine(
    {
      ...base,
      tx_hash: `0x${'3'.repeat(64)}`,
      tx_index: 0,
      trace_index: 1,
      trace_address: '0,1',
      call_type: 'call',
      to_address: null,
      error: 'out of gas, "deep"',
    },
    hex('a'),
  );
  const n = parseCsv(internal)[0];
  expect(n).toHaveLength(12);
  expect([n?.[5], n?.[6], n?.[7], n?.[9], n?.[10]]).toEqual(['', '0', '1.5', '0,1', 'out of gas, "deep"']);
});
