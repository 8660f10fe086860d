/**
 * The column spec of schema.ts's table lists: '<sql type>' plus ' null' when nullable and
 * ' default' when an insert may omit it (the rules are in schema.ts's header).
 */
export type SqlType =
  'bigint' | 'integer' | 'smallint' | 'text' | 'numeric' | 'jsonb' | 'boolean' | 'double precision' | 'timestamptz' | 'bytea';
export type ColumnSpec = SqlType | `${SqlType} null` | `${SqlType} default` | `${SqlType} null default`;

/** Parses a column spec into its parts (used by bulkColumns and the schema test). */
export function parseColumnSpec(spec: ColumnSpec): { type: SqlType; nullable: boolean; hasDefault: boolean } {
  const type = spec.replace(/ null| default/g, '') as SqlType;
  return { type, nullable: spec.includes(' null'), hasDefault: spec.endsWith(' default') };
}
