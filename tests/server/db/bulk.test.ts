/**
 * bulkInsert on both drivers: awkward text, NULLs, exact numerics, jsonb of every shape,
 * conflicts, chunking (12,000 rows), atomicity, and input validation.
 */
import { expect, it } from 'vitest';
import { arrayLiteral, bulkColumns, bulkInsert, BULK_CHUNK_ROWS } from '../../../server/db/bulk';
import { rawQuery } from '../../../server/db/database';
import { toJsonText } from '../../../server/db/schema';
import { describeEachDatabase } from '../../helpers/db';

const TRICKY = ['a"b', 'c,d', 'e\\f', '{g}', 'NULL', 'null', '', ' sp ', "it's", 'ü€😀', 'x\ny\tz', '\\"', '}{,"\\', '(1,2)'];
const MAX_UINT256 = 2n ** 256n - 1n;

describeEachDatabase('bulkInsert', (getDb) => {
  it('stores awkward strings and NULLs exactly', async () => {
    const { db } = getDb();
    const rows = [...TRICKY, null].map((text, i) => [1, i, `0xtx${i}`, 0, '0xaddr', text, null, text, null, text ?? '']);
    await bulkInsert(
      db,
      'logs',
      bulkColumns('logs', ['block_number', 'log_index', 'tx_hash', 'tx_index', 'address', 'topic0', 'topic1', 'topic2', 'topic3', 'data']),
      rows,
    );
    const got = await db
      .selectFrom('logs')
      .select(['log_index', 'topic0', 'topic1', 'topic2', 'data'])
      .where('block_number', '=', 1)
      .orderBy('log_index')
      .execute();
    expect(got).toEqual([...TRICKY, null].map((text, i) => ({ log_index: i, topic0: text, topic1: null, topic2: text, data: text ?? '' })));
  });

  it('keeps numerics exact and jsonb of every shape', async () => {
    const { db } = getDb();
    const decoded = [
      { method: 'transfer', args: [{ to: '0xa', amount: MAX_UINT256 }] },
      [1, [2, [3]], 'x', null],
      toJsonText('a plain "JSON" string'),
      '{"already":"json text"}',
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
      `0xh${i}`,
      2,
      i,
      1_700_000_000,
      '0xfrom',
      i % 2 ? null : '0xto',
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
    await bulkInsert(db, 'transactions', columns, rows);
    const got = await db
      .selectFrom('transactions')
      .select(['value', 'gas', 'to_address', 'decoded_input'])
      .where('block_number', '=', 2)
      .orderBy('tx_index')
      .execute();
    expect(got.map((r) => r.value)).toEqual(decoded.map(() => MAX_UINT256.toString()));
    expect(got.map((r) => r.gas)).toEqual(decoded.map(() => '21000'));
    expect(got.map((r) => r.decoded_input)).toEqual([
      { method: 'transfer', args: [{ to: '0xa', amount: MAX_UINT256.toString() }] },
      [1, [2, [3]], 'x', null],
      'a plain "JSON" string',
      { already: 'json text' },
      null,
    ]);
    expect(got.map((r) => r.to_address)).toEqual(['0xto', null, '0xto', null, '0xto']);
  });

  it('inserts 12,000 rows in chunks, with ON CONFLICT', async () => {
    const { db } = getDb();
    const columns = bulkColumns('address_transactions', ['address', 'block_number', 'tx_index', 'hash']);
    const rows = Array.from({ length: 12_000 }, (_, i) => [
      `0x${(i % 97).toString(16).padStart(40, '0')}`,
      100 + Math.floor(i / 97),
      i,
      `0x${i.toString(16)}`,
    ]);
    const started = performance.now();
    await bulkInsert(db, 'address_transactions', columns, rows);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[bulk] ${getDb().kind}: 12,000 address_transactions rows in ${seconds.toFixed(3)} s = ${Math.round(12_000 / seconds)} rows/s`,
    );
    // Same keys again: nothing new, no error.
    await bulkInsert(db, 'address_transactions', columns, rows.slice(0, 6000), 'ON CONFLICT (address, block_number, tx_index) DO NOTHING');
    const [count] = await rawQuery<{ n: number; s: string }>(
      db,
      'SELECT count(*) AS n, sum(tx_index)::numeric AS s FROM address_transactions',
    );
    expect(count).toEqual({ n: 12_000, s: String((11_999 * 12_000) / 2) });
  });

  it('is all-or-nothing across chunks, outside a transaction', async () => {
    const { db } = getDb();
    const columns = bulkColumns('token_balances', ['token_address', 'holder', 'balance', 'last_block']);
    const rows: unknown[][] = Array.from({ length: BULK_CHUNK_ROWS + 10 }, (_, i) => ['0xtok', `0x${i}`, BigInt(i) * 10n ** 18n, 5]);
    rows.push(['0xtok', '0x0', 1n, 5]); // duplicate key in the last chunk
    await expect(bulkInsert(db, 'token_balances', columns, rows)).rejects.toMatchObject({ code: '23505' });
    const [count] = await rawQuery<{ n: number }>(db, 'SELECT count(*) AS n FROM token_balances');
    expect(count?.n).toBe(0);
  });

  it('upserts with a raw ON CONFLICT tail', async () => {
    const { db } = getDb();
    const columns = bulkColumns('addresses', ['address', 'balance', 'tx_count', 'first_block', 'last_block', 'is_contract']);
    await bulkInsert(db, 'addresses', columns, [
      ['0xa', 5n, 1, 1, 1, false],
      ['0xb', '7', 2, 1, 1, true],
    ]);
    await bulkInsert(
      db,
      'addresses',
      columns,
      [['0xa', 6n, 3, 2, 2, false]],
      'ON CONFLICT (address) DO UPDATE SET balance = EXCLUDED.balance, tx_count = addresses.tx_count + EXCLUDED.tx_count',
    );
    const got = await db.selectFrom('addresses').select(['address', 'balance', 'tx_count', 'is_contract']).orderBy('address').execute();
    expect(got).toEqual([
      { address: '0xa', balance: '6', tx_count: 4, is_contract: false },
      { address: '0xb', balance: '7', tx_count: 2, is_contract: true },
    ]);
  });

  it('accepts double precision and timestamptz columns', async () => {
    const { db } = getDb();
    await bulkInsert(
      db,
      'indexer_state',
      [
        { name: 'id', type: 'smallint' },
        { name: 'blocks_per_second', type: 'double precision' },
        { name: 'updated_at', type: 'timestamptz' },
      ],
      [[1, 12.25, new Date('2025-05-05T05:05:05.005Z')]],
      'ON CONFLICT (id) DO UPDATE SET blocks_per_second = EXCLUDED.blocks_per_second, updated_at = EXCLUDED.updated_at',
    );
    const st = await db.selectFrom('indexer_state').select(['blocks_per_second', 'updated_at']).executeTakeFirstOrThrow();
    expect(st).toEqual({ blocks_per_second: 12.25, updated_at: new Date('2025-05-05T05:05:05.005Z') });
  });
});

it('bulkInsert validates its input before touching the database', async () => {
  const fakeDb = null as never;
  const col = (type: 'bigint' | 'numeric' | 'boolean') => [{ name: 'x', type }] as const;
  await expect(bulkInsert(fakeDb, 't', col('bigint'), [[1, 2]])).rejects.toThrow(/row 0 has 2 values for 1 columns/);
  await expect(bulkInsert(fakeDb, 't', [], [])).rejects.toThrow(/no columns/);
  expect(() => arrayLiteral(col('bigint')[0], [1.5])).toThrow(/wants an integer/);
  expect(() => arrayLiteral(col('numeric')[0], [0.1])).toThrow(TypeError);
  expect(() => arrayLiteral(col('numeric')[0], ['1e5'])).toThrow(TypeError);
  expect(() => arrayLiteral(col('boolean')[0], ['t'])).toThrow(TypeError);
  expect(arrayLiteral({ name: 'x', type: 'text' }, ['a"b\\c', null, '', 'NULL'])).toBe('{"a\\"b\\\\c",NULL,"","NULL"}');
});
