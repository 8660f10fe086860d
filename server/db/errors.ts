/**
 * Database errors in one shape whatever the driver: pg, PGlite and the remote (worker) database
 * all surface an Error whose `code` is the PostgreSQL SQLSTATE ('23505' unique violation, ...).
 */

/** The PostgreSQL error fields worth keeping (those pg and PGlite both expose). */
export interface DatabaseErrorFields {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  severity?: string;
  position?: string;
  where?: string;
}

const FIELD_NAMES = ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position', 'where'] as const;

export class DatabaseError extends Error implements DatabaseErrorFields {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  severity?: string;
  position?: string;
  where?: string;

  constructor(fields: DatabaseErrorFields) {
    super(fields.message);
    this.name = 'DatabaseError';
    for (const key of FIELD_NAMES) {
      const value = fields[key];
      if (value !== undefined) this[key] = value;
    }
  }
}

/** Plain, structured-clone-safe fields of any thrown value (for sending across threads). */
export function errorFields(err: unknown): DatabaseErrorFields {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: DatabaseErrorFields = { message: err.message };
  const record = err as unknown as Record<string, unknown>;
  for (const key of FIELD_NAMES) {
    const value = record[key];
    if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

/** The SQLSTATE of a database error, or undefined for anything else. */
export function sqlState(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  const code = (err as { code: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';
