/**
 * How column values come back from the database: ONE rule for node-postgres and PGlite, so code
 * and tests never see a driver difference (tests/server/db/types.test.ts checks both).
 *
 *   int8 (bigint)            → number   (block numbers, counts, timestamps; RangeError past 2^53)
 *   int2 / int4              → number
 *   numeric                  → string   (exact wei; never a float)
 *   float8 / float4          → number
 *   json / jsonb             → parsed JSON
 *   bool                     → boolean
 *   timestamptz / timestamp  → Date
 *   int8[] → number[], numeric[] → string[], other arrays as the drivers parse them.
 *
 * pg's own defaults differ (int8 → string, numeric[] → float[]!), PGlite's too (int8 → bigint
 * past 2^53), hence the overrides below. pg gets them through the pool's `types` option, so the
 * process-wide defaults of the pg module stay untouched.
 */
import pg from 'pg';
import type { CustomTypesConfig } from 'pg';
import type { ParserOptions } from '@electric-sql/pglite';

export const OID = {
  INT8: 20,
  INT2: 21,
  INT4: 23,
  JSON: 114,
  FLOAT4: 700,
  FLOAT8: 701,
  TEXT_ARRAY: 1009,
  INT8_ARRAY: 1016,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
  NUMERIC_ARRAY: 1231,
  NUMERIC: 1700,
  JSONB: 3802,
} as const;

/** int8 text → number. Throws rather than silently rounding a value past 2^53. */
export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`int8 value ${text} does not fit a JS number; cast it to numeric (→ string) in the query`);
  }
  return n;
}

// 'YYYY-MM-DD HH:MM:SS[.ffffff][+HH[:MM[:SS]]][ BC]' (DateStyle ISO, PostgreSQL's default).
const TIMESTAMP_RE = /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(\.\d+)?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?)?( BC)?$/;

/**
 * timestamptz text → Date, identical for both drivers (PGlite's `new Date(text)` and pg's parser
 * disagree on edge cases). A value without an offset (timestamp without time zone) is read as UTC.
 * ±infinity become the largest/smallest representable Date.
 */
export function parseTimestamp(text: string): Date {
  if (text === 'infinity') return new Date(8.64e15);
  if (text === '-infinity') return new Date(-8.64e15);
  const m = TIMESTAMP_RE.exec(text);
  if (!m) return new Date(Number.NaN);
  const [, y, mo, d, h, mi, s, frac, sign, oh, om, os, bc] = m;
  let year = Number(y);
  if (bc) year = 1 - year;
  const ms = frac ? Math.floor(Number(frac) * 1000) : 0;
  const date = new Date(0);
  date.setUTCFullYear(year, Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), ms);
  if (sign) {
    const offsetSeconds = Number(oh) * 3600 + Number(om ?? 0) * 60 + Number(os ?? 0);
    date.setTime(date.getTime() - (sign === '-' ? -1 : 1) * offsetSeconds * 1000);
  }
  return date;
}

const parseJson = (text: string): unknown => JSON.parse(text);
const identity = (text: string): string => text;

/** Element parsers by OID, shared by both drivers. */
const scalarParsers: Record<number, (text: string) => unknown> = {
  [OID.INT8]: parseInt8,
  [OID.INT2]: Number,
  [OID.INT4]: Number,
  [OID.FLOAT4]: Number,
  [OID.FLOAT8]: Number,
  [OID.NUMERIC]: identity,
  [OID.JSON]: parseJson,
  [OID.JSONB]: parseJson,
  [OID.TIMESTAMP]: parseTimestamp,
  [OID.TIMESTAMPTZ]: parseTimestamp,
};

/** PGlite `parsers` option. PGlite builds its array parsers from these element parsers. */
export const pgliteParsers: ParserOptions = { ...scalarParsers };

type PgTypeParser = (text: string) => unknown;
const pgDefault = pg.types.getTypeParser;
type PgTypeId = Parameters<typeof pgDefault>[0];
type PgFormat = Parameters<typeof pgDefault>[1];

function pgArrayOf(element: (text: string) => unknown): PgTypeParser {
  // The text[] parser splits a Postgres array literal into strings (NULL → null).
  const splitArray = pgDefault(OID.TEXT_ARRAY as PgTypeId) as (text: string) => Array<string | null>;
  return (text) => splitArray(text).map((e) => (e === null ? null : element(e)));
}

const pgTextParsers: Record<number, PgTypeParser> = {
  ...scalarParsers,
  [OID.INT8_ARRAY]: pgArrayOf(parseInt8),
  [OID.NUMERIC_ARRAY]: pgArrayOf(identity),
};

/** node-postgres `types` option for a Pool/Client: our parsers first, pg's defaults otherwise. */
export const pgTypes: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: PgFormat): unknown =>
    (format === undefined || format === 'text' ? pgTextParsers[oid] : undefined) ?? pgDefault(oid as PgTypeId, format)) as typeof pgDefault,
};
