/**
 * Shapes every API response shares, as TypeBox schemas. The server validates and serializes with
 * them (and generates the OpenAPI document from them); the SPA imports only the static types
 * (`import type`), so no TypeBox code reaches the bundle.
 *
 * Conventions (docs/decisions.md#addresses, #amounts, #times):
 * - every body carries a boolean `status`; errors are `{ status: false, message }`;
 * - addresses are `r…` (EIP-55 casing), hashes `0x…` lowercase;
 * - amounts are RUBY decimal numbers for display plus an exact wei string beside them
 *   (`value` + `valueWei`, `fee` + `feeWei`, `balance` + `balanceWei`);
 * - `createdAt` is the ISO 8601 block time, `timestamp` the block time in epoch seconds.
 */
import { Type, type Static, type TSchema, type TProperties } from '@sinclair/typebox';

export const ErrorBody = Type.Object(
  { status: Type.Literal(false), message: Type.String() },
  { $id: 'ErrorBody', description: 'Every 4xx/5xx answer' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** `{ status, result, ...extra }`. */
export function Ok<T extends TSchema, P extends TProperties = Record<never, never>>(result: T, extra?: P) {
  return Type.Object({ status: Type.Boolean(), result, ...(extra ?? ({} as P)) });
}

/** The pagination totals the spec's lists show. */
export const PageTotals = {
  totalTransactions: Type.Integer({ description: 'rows in all pages' }),
  totalPages: Type.Integer(),
  currentPage: Type.Integer(),
};

export const Address = Type.String({
  description: 'r + 40 hex digits, EIP-55 casing',
  examples: ['r5FbDB2315678afecb367f032d93F642f64180aa3'],
});
export const NullableAddress = Type.Union([Address, Type.Null()]);
export const Hash = Type.String({ description: '0x + 64 hex digits' });
export const Wei = Type.String({ description: 'exact amount in wei (or token base units), decimal digits' });
export const Amount = Type.Number({ description: 'amount in RUBY (or whole tokens) for display; exact value in the *Wei field beside it' });
export const IsoTime = Type.String({ description: 'ISO 8601 block time' });
export const EpochSeconds = Type.Integer({ description: 'block time, epoch seconds' });

/** Path parameters are strings on the wire; the routes parse and reject them with 400. */
export const PageParams = Type.Object({
  page: Type.String({ description: 'page number from 1' }),
  size: Type.String({ description: 'rows per page, 1 to 200' }),
});
