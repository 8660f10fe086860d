/**
 * The type rule (typeParsers.ts) holds on both drivers: int8 → number, numeric → exact string,
 * jsonb → parsed JSON, timestamptz → Date, booleans, floats, arrays.
 */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { rawQuery } from '../../../server/db/database';
import { toJsonText } from '../../../server/db/schema';
import { describeEachDatabase } from '../../helpers/db';

const MAX_UINT256 = (2n ** 256n - 1n).toString();

describeEachDatabase('type rules', (getDb) => {
  it('round-trips a contract and its source through Kysely with exact types', async () => {
    const { db } = getDb();
    await db
      .insertInto('contracts')
      .values({
        address: '0xc0',
        block_number: 2n ** 40n,
        tx_hash: '0xt',
        creator: '0xcr',
        timestamp: 1_700_000_000,
        contract_type: 'rbc20',
        total_supply: 2n ** 256n - 1n,
        decimals: 18,
      })
      .execute();
    const abi = [{ type: 'function', name: 'transfer', inputs: [{ name: 'to', type: 'address' }], nested: { a: [1, 2.5, null, true] } }];
    await db
      .insertInto('contract_sources')
      .values({
        address: '0xc0',
        contract_name: 'Tok"en',
        source: 'contract X {}',
        abi: toJsonText(abi),
        compiler_version: '0.8.37',
        compiler_settings: toJsonText({ optimizer: { enabled: true, runs: 200 }, note: 'ü€ "q" \\' }),
      })
      .execute();

    const c = await db.selectFrom('contracts').selectAll().where('address', '=', '0xc0').executeTakeFirstOrThrow();
    expect(c.block_number).toBe(2 ** 40);
    expect(c.timestamp).toBe(1_700_000_000);
    expect(c.total_supply).toBe(MAX_UINT256);
    expect(c.decimals).toBe(18);
    expect(c.is_nft).toBe(false);
    expect(c.tx_count).toBe(0);
    expect(c.name).toBeNull();

    const s = await db.selectFrom('contract_sources').selectAll().where('address', '=', '0xc0').executeTakeFirstOrThrow();
    expect(s.abi).toEqual(abi);
    expect(s.compiler_settings).toEqual({ optimizer: { enabled: true, runs: 200 }, note: 'ü€ "q" \\' });
    expect(s.verified_at).toBeInstanceOf(Date);
    expect(Math.abs(s.verified_at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('reads every scalar type the same way', async () => {
    const [row] = await rawQuery<Record<string, unknown>>(
      getDb().db,
      `SELECT
      9007199254740991::int8 AS int8_max, (-5)::int8 AS int8_neg, 7::int4 AS int4, 3::int2 AS int2,
      $1::numeric(78,0) AS num, '-0.000001'::numeric AS frac, 1.5::float8 AS f8, true AS t, false AS f,
      '{"a":[1,{"b":null}],"s":"x"}'::jsonb AS j, '"str"'::jsonb AS js, 'null'::jsonb AS jnull, NULL::jsonb AS sqlnull,
      '2024-02-29 23:59:58.123456+05:30'::timestamptz AS ts, '1999-12-31 12:00:00'::timestamp AS ts_plain,
      ARRAY[1, 2, NULL]::int8[] AS int8s, ARRAY[$1::numeric, '0.1', NULL] AS nums, ARRAY['a,b', NULL, '"q"'] AS texts`,
      [MAX_UINT256],
    );
    expect(row).toEqual({
      int8_max: Number.MAX_SAFE_INTEGER,
      int8_neg: -5,
      int4: 7,
      int2: 3,
      num: MAX_UINT256,
      frac: '-0.000001',
      f8: 1.5,
      t: true,
      f: false,
      j: { a: [1, { b: null }], s: 'x' },
      js: 'str',
      jnull: null,
      sqlnull: null,
      ts: new Date('2024-02-29T18:29:58.123Z'),
      ts_plain: new Date('1999-12-31T12:00:00Z'),
      int8s: [1, 2, null],
      nums: [MAX_UINT256, '0.1', null],
      texts: ['a,b', null, '"q"'],
    });
  });

  it('refuses an int8 past 2^53 rather than rounding it', async () => {
    await expect(rawQuery(getDb().db, 'SELECT 9007199254740993::int8 AS n')).rejects.toThrow(RangeError);
    const [row] = await rawQuery<{ n: string }>(getDb().db, 'SELECT 9007199254740993::int8::numeric AS n');
    expect(row?.n).toBe('9007199254740993');
  });

  it('aggregates: count(*) is int8 → number, sum(numeric) is numeric → string', async () => {
    const { db } = getDb();
    const r = await sql<{ n: number; total: string | null }>`SELECT count(*) AS n, sum(total_supply) AS total FROM contracts`.execute(db);
    expect(r.rows[0]).toEqual({ n: 1, total: MAX_UINT256 });
  });

  it('accepts bigint, number and Date parameters', async () => {
    const [row] = await rawQuery<{ a: string; b: number; d: Date }>(
      getDb().db,
      'SELECT $1::numeric AS a, $2::int8 AS b, $3::timestamptz AS d',
      [2n ** 200n, 42, new Date('2020-01-01T00:00:00.5Z')],
    );
    expect(row).toEqual({ a: (2n ** 200n).toString(), b: 42, d: new Date('2020-01-01T00:00:00.5Z') });
  });

  it('JS array parameters (serialized by the driver) round-trip for text[], numeric[], int8[]', async () => {
    // The indexer passes JS arrays to sql`unnest(${list}::text[])`; both drivers must agree.
    const texts = ['a"b', 'c,d', 'e\\f', '{g}', 'NULL', null, '', ' sp ', 'ü€😀', 'x\ny'];
    const nums = [MAX_UINT256, null, '0', '-12'];
    const r = await sql<{ t: string[]; n: string[]; b: number[] }>`SELECT
      (SELECT array_agg(x ORDER BY o) FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(x, o)) AS t,
      (SELECT array_agg(x ORDER BY o) FROM unnest(${nums}::numeric[]) WITH ORDINALITY AS u(x, o)) AS n,
      ${[1, 2n ** 40n, null]}::int8[] AS b`.execute(getDb().db);
    expect(r.rows[0]).toEqual({ t: texts, n: nums, b: [1, 2 ** 40, null] });
  });
});
