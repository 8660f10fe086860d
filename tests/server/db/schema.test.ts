/**
 * schema.ts against the migrated database: every table and column of the migrations is in the
 * spec with the same type, nullability and default, and nothing else is. Plus compile-time
 * checks of the derived Kysely types.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Insertable, Selectable } from 'kysely';
import { rawQuery } from '../../../server/db/database';
import { parseColumnSpec, tables, toJsonText, type DB, type JsonValue } from '../../../server/db/schema';
import { describeEachDatabase } from '../../helpers/db';

const SQL_TYPE_NAMES: Record<string, string> = {
  bigint: 'bigint',
  integer: 'integer',
  smallint: 'smallint',
  text: 'text',
  numeric: 'numeric',
  jsonb: 'jsonb',
  boolean: 'boolean',
  'double precision': 'double precision',
  timestamptz: 'timestamp with time zone',
  bytea: 'bytea',
};

describeEachDatabase('schema.ts matches the migrations', (getDb) => {
  it('has every column with its type, nullability and default', async () => {
    const rows = await rawQuery<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
    }>(
      getDb().db,
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    );
    const fromDb = rows.map(
      (r) =>
        `${r.table_name}.${r.column_name}: ${r.data_type}${r.is_nullable === 'YES' ? ' null' : ''}${r.column_default !== null ? ' default' : ''}`,
    );
    const fromSpec = Object.entries(tables).flatMap(([table, columns]) =>
      Object.entries(columns).map(([column, spec]) => {
        const { type, nullable, hasDefault } = parseColumnSpec(spec);
        return `${table}.${column}: ${SQL_TYPE_NAMES[type]}${nullable ? ' null' : ''}${hasDefault ? ' default' : ''}`;
      }),
    );
    expect(fromSpec.sort()).toEqual(fromDb.sort());
  });
});

describe('derived Kysely types', () => {
  it('follow the type rules', () => {
    type Block = Selectable<DB['blocks']>;
    expectTypeOf<Block['number']>().toEqualTypeOf<number>();
    expectTypeOf<Block['gas_used']>().toEqualTypeOf<string>();
    expectTypeOf<Block['base_fee_per_gas']>().toEqualTypeOf<string | null>();
    expectTypeOf<Block['size']>().toEqualTypeOf<number>();
    type Tx = Selectable<DB['transactions']>;
    expectTypeOf<Tx['decoded_input']>().toEqualTypeOf<JsonValue | null>();
    expectTypeOf<Tx['status']>().toEqualTypeOf<number>();
    type State = Selectable<DB['indexer_state']>;
    expectTypeOf<State['updated_at']>().toEqualTypeOf<Date>();
    expectTypeOf<State['blocks_per_second']>().toEqualTypeOf<number>();
    expectTypeOf<State['last_block']>().toEqualTypeOf<number | null>();
    type NewContract = Insertable<DB['contracts']>;
    expectTypeOf<NewContract['is_nft']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<NewContract['total_supply']>().toEqualTypeOf<string | bigint | null | undefined>();
    expectTypeOf<NewContract['block_number']>().toEqualTypeOf<number | bigint>();
    type NewSource = Insertable<DB['contract_sources']>;
    expectTypeOf<NewSource['abi']>().toEqualTypeOf<string>();
  });

  it('toJsonText keeps bigints exact and rejects what JSON cannot hold', () => {
    expect(toJsonText({ amount: 2n ** 200n, list: [1, 'a'] })).toBe(`{"amount":"${(2n ** 200n).toString()}","list":[1,"a"]}`);
    expect(() => toJsonText(undefined)).toThrow(TypeError);
  });
});
