/**
 * copyInsert on both drivers: COPY text (UTF-8 bytes) escaping (tabs, newlines, backslashes, the text "\N"),
 * NULLs, exact numerics, jsonb, all-or-nothing inside a transaction, a usable connection after a
 * failed COPY, and the statement shape the drivers intercept.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { bulkColumns } from '../../../server/db/bulk';
import { copyFromBlobSql, copyInsert, copyText, isCopyFromStdin } from '../../../server/db/copy';
import { isUniqueViolation } from '../../../server/db/errors';
import { toJsonText } from '../../../server/db/schema';
import { describeEachDatabase } from '../../helpers/db';

const TRICKY = ['a\tb', 'x\ny', 'cr\rlf\r\n', 'back\\slash', '\\N', 'NULL', '', ' sp ', 'ü€😀', '\\t', '"q"', 'tab at end\t'];
const MAX_UINT256 = 2n ** 256n - 1n;
const LOG_COLUMNS = bulkColumns('logs', [
  'block_number',
  'log_index',
  'tx_hash',
  'tx_index',
  'address',
  'topic0',
  'topic1',
  'topic2',
  'topic3',
  'data',
]);

it('copyText escapes what COPY reads specially and writes NULL as \\N', () => {
  const columns = bulkColumns('logs', ['tx_hash', 'topic0', 'block_number']);
  expect(
    copyText(columns, [
      ['a\tb\\c', null, 7n],
      ['\\N', 'x\ny\rz', 8],
    ]).toString('utf8'),
  ).toBe('a\\tb\\\\c\t\\N\t7\n\\\\N\tx\\ny\\rz\t8\n');
  expect(copyText(columns, []).length).toBe(0);
  expect(copyText(columns, [['ü€😀', null, 1]]).toString('utf8')).toBe('ü€😀\t\\N\t1\n');
  const long = `0x${'ab'.repeat(150_000)}`; // bigger than the writer's first buffer, in one field
  expect(
    copyText(columns, [
      [long, 'é', 1],
      ['x', long, 2],
    ]).toString('utf8'),
  ).toBe(`${long}\té\t1\nx\t${long}\t2\n`);
  expect(() => copyText(columns, [['a', 'b']])).toThrow(/row 0 has 2 values for 3 columns/);
  expect(() => copyText(columns, [['a', 'b', 1.5]])).toThrow(/block_number \(bigint\) wants an integer/);
});

it('only a COPY … FROM STDIN with one text parameter is taken for a copyInsert', () => {
  const text = Buffer.from('1\t2\n');
  expect(isCopyFromStdin('COPY "logs" ("a", "b") FROM STDIN', [text])).toBe(true);
  expect(isCopyFromStdin('COPY "logs" ("a", "b") FROM STDIN', [new Uint8Array(text)])).toBe(true);
  expect(isCopyFromStdin('COPY "logs" ("a", "b") FROM STDIN', ['1\t2\n'])).toBe(false);
  expect(isCopyFromStdin('COPY "logs" ("a", "b") FROM STDIN', [])).toBe(false);
  expect(isCopyFromStdin('COPY "logs" ("a", "b") FROM STDIN', [1])).toBe(false);
  expect(isCopyFromStdin('SELECT $1', [text])).toBe(false);
  expect(isCopyFromStdin('COPY "logs" TO STDOUT', [text])).toBe(false);
  expect(isCopyFromStdin('SELECT 1; COPY "logs" ("a") FROM STDIN', [text])).toBe(false);
  expect(copyFromBlobSql('COPY "logs" ("a") FROM STDIN')).toBe(`COPY "logs" ("a") FROM '/dev/blob'`);
});

describeEachDatabase('copyInsert', (getDb) => {
  it('stores awkward strings and NULLs exactly', async () => {
    const { db } = getDb();
    const rows = [...TRICKY, null].map((text, i) => [1, i, `0xtx${i}`, 0, '0xaddr', text, null, text, null, text ?? '']);
    await copyInsert(db, 'logs', LOG_COLUMNS, rows);
    const got = await db
      .selectFrom('logs')
      .select(['log_index', 'topic0', 'topic1', 'topic2', 'data'])
      .where('block_number', '=', 1)
      .orderBy('log_index')
      .execute();
    expect(got).toEqual([...TRICKY, null].map((text, i) => ({ log_index: i, topic0: text, topic1: null, topic2: text, data: text ?? '' })));
  });

  it('keeps numerics exact and jsonb (with escapes inside) intact', async () => {
    const { db } = getDb();
    const decoded = [
      { method: 'say', args: ['tab\there', 'quote "x"', 'back\\slash', 'new\nline', MAX_UINT256] },
      toJsonText('plain'),
      null,
    ];
    const columns = bulkColumns('transactions', [
      'hash',
      'block_number',
      'tx_index',
      'timestamp',
      'from_address',
      'to_address',
      'value',
      'gas',
      'effective_gas_price',
      'gas_used',
      'fee',
      'nonce',
      'input',
      'status',
      'envelope_type',
      'tx_type',
      'decoded_input',
    ]);
    const rows = decoded.map((d, i) => [
      `0xc${i}`,
      3,
      i,
      1_700_000_000,
      '0xfrom',
      i === 1 ? null : '0xto',
      MAX_UINT256,
      21000n,
      '1',
      21000,
      0n,
      i,
      '0x',
      1,
      2,
      3,
      d,
    ]);
    await copyInsert(db, 'transactions', columns, rows);
    const got = await db
      .selectFrom('transactions')
      .select(['value', 'to_address', 'decoded_input'])
      .where('block_number', '=', 3)
      .orderBy('tx_index')
      .execute();
    expect(got).toEqual([
      {
        value: MAX_UINT256.toString(),
        to_address: '0xto',
        decoded_input: { method: 'say', args: ['tab\there', 'quote "x"', 'back\\slash', 'new\nline', MAX_UINT256.toString()] },
      },
      { value: MAX_UINT256.toString(), to_address: null, decoded_input: 'plain' },
      { value: MAX_UINT256.toString(), to_address: '0xto', decoded_input: null },
    ]);
  });

  it('is all-or-nothing in a transaction, and the connection works after a failed COPY', async () => {
    const { db } = getDb();
    const row = (i: number) => [9, i, `0xt${i}`, 0, '0xa', null, null, null, null, '0x'];
    await copyInsert(db, 'logs', LOG_COLUMNS, [row(0)]);
    let caught: unknown = null;
    await db
      .transaction()
      .execute(async (trx) => {
        await copyInsert(trx, 'logs', LOG_COLUMNS, [row(1), row(2)]);
        await copyInsert(trx, 'logs', LOG_COLUMNS, [row(3), row(0)]); // (9, 0) exists: the whole transaction fails
      })
      .catch((err: unknown) => {
        caught = err;
      });
    expect(isUniqueViolation(caught)).toBe(true);
    const left = await db.selectFrom('logs').select('log_index').where('block_number', '=', 9).execute();
    expect(left.map((r) => r.log_index)).toEqual([0]);
    // The same connection (PGlite has one; a pool of one would be reused too) still answers.
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM logs WHERE block_number = 9`.execute(db);
    expect(rows[0]?.n).toBe(1);
    await copyInsert(db, 'logs', LOG_COLUMNS, [row(4)]);
    expect(await db.selectFrom('logs').select('log_index').where('block_number', '=', 9).orderBy('log_index').execute()).toEqual([
      { log_index: 0 },
      { log_index: 4 },
    ]);
  });

  it('loads 30,000 rows in one statement', async () => {
    const { db } = getDb();
    const columns = bulkColumns('address_transactions', ['address', 'block_number', 'tx_index', 'hash']);
    const rows = Array.from({ length: 30_000 }, (_, i) => [
      `0x${(i % 101).toString(16).padStart(40, '0')}`,
      1000 + Math.floor(i / 101),
      i,
      `0x${i.toString(16)}`,
    ]);
    await copyInsert(db, 'address_transactions', columns, rows);
    const { rows: got } = await sql<{
      n: number;
      s: number;
    }>`SELECT count(*)::int AS n, sum(tx_index)::int AS s FROM address_transactions WHERE block_number >= 1000`.execute(db);
    expect(got[0]).toEqual({ n: 30_000, s: (29_999 * 30_000) / 2 });
  });
});
