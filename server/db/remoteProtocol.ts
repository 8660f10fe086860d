/**
 * Messages between openRemoteDatabase (the thread that wants to query) and serveDatabase (the
 * thread that owns the database). Values cross by structured clone (bigint, Date, nested JSON
 * are fine). Every message carries `ch` so the same port can carry the app's other messages
 * (both sides ignore what is not theirs), and `client` so several remote databases can share
 * one port. Requests are answered exactly once, by a reply with the same client and id.
 */
import type { QueryResult, TransactionSettings } from 'kysely';
import type { DatabaseErrorFields } from './errors';

export const CHANNEL = 'ruby-explorer/db/1';

/** What both a worker_threads MessagePort (parentPort included) and a Worker satisfy. */
export interface PortLike {
  postMessage(message: unknown): void;
  on(event: string, listener: (value: unknown) => void): unknown;
  off(event: string, listener: (value: unknown) => void): unknown;
}

interface Base {
  ch: typeof CHANNEL;
  client: string;
  id: number;
}

/**
 * `tx` names a remote transaction of this client. A query with tx = null runs on its own (it
 * waits for the database's mutex like any in-worker query); with a tx it runs inside that
 * transaction, which holds the mutex from 'begin' until 'commit' or 'rollback'.
 */
export type Request = Base &
  (
    | { op: 'query'; sql: string; params: unknown[]; tx: number | null }
    | { op: 'begin'; tx: number; settings: TransactionSettings }
    | { op: 'commit' | 'rollback'; tx: number }
    /** The client is closing: roll back whatever it left open. Not answered. */
    | { op: 'bye' }
  );

export type Reply = Base & ({ ok: true; result: QueryResult<unknown> } | { ok: false; error: DatabaseErrorFields });

function isBase(value: unknown): value is Base & Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.ch === CHANNEL && typeof v.client === 'string' && typeof v.id === 'number';
}

const OPS = new Set(['query', 'begin', 'commit', 'rollback', 'bye']);

export function isRequest(value: unknown): value is Request {
  return isBase(value) && typeof value.op === 'string' && OPS.has(value.op);
}

export function isReply(value: unknown): value is Reply {
  return isBase(value) && typeof value.ok === 'boolean';
}

/** A message without its routing fields (what the sender fills in). */
export type Body<M> = M extends unknown ? Omit<M, 'ch' | 'client' | 'id'> : never;
