/**
 * Jobs of Sourcify's v2 verification API (012_sourcify_jobs.sql): created pending by the POST,
 * finished by whichever process ran it, read by any replica's poll.
 */
import { toJsonText, type JsonValue } from '../db/schema';
import type { ApiContext } from '../core/context';

/** How long a finished job is kept (a client polls for seconds; a day is generous). */
const JOB_TTL_MS = 86_400_000;

export interface SourcifyJobRow {
  verificationId: string;
  chainId: number;
  address: string;
  startedAt: Date;
  finishedAt: Date | null;
  compilationMs: number | null;
  match: string | null;
  creationMatch: string | null;
  runtimeMatch: string | null;
  error: JsonValue | null;
}

export async function createSourcifyJob(ctx: ApiContext, id: string, chainId: number, address: string): Promise<void> {
  // Old jobs are trimmed as new ones come, in the insert's own statement (see verified.ts recordJob).
  await ctx.db
    .with('expired', (db) => db.deleteFrom('sourcify_jobs').where('started_at', '<', new Date(Date.now() - JOB_TTL_MS)))
    .insertInto('sourcify_jobs')
    .values({ verification_id: id, chain_id: chainId, address })
    .execute();
}

export async function finishSourcifyJob(
  ctx: ApiContext,
  id: string,
  outcome: {
    compilationMs: number | null;
    match: string | null;
    creationMatch: string | null;
    runtimeMatch: string | null;
    error: JsonValue | null;
  },
): Promise<void> {
  await ctx.db
    .updateTable('sourcify_jobs')
    .set({
      finished_at: new Date(),
      compilation_ms: outcome.compilationMs,
      match: outcome.match,
      creation_match: outcome.creationMatch,
      runtime_match: outcome.runtimeMatch,
      error: outcome.error === null ? null : toJsonText(outcome.error),
    })
    .where('verification_id', '=', id)
    .execute();
}

export async function findSourcifyJob(ctx: ApiContext, id: string): Promise<SourcifyJobRow | null> {
  const r = await ctx.db.selectFrom('sourcify_jobs').selectAll().where('verification_id', '=', id).executeTakeFirst();
  if (!r) return null;
  return {
    verificationId: r.verification_id,
    chainId: r.chain_id,
    address: r.address,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    compilationMs: r.compilation_ms,
    match: r.match,
    creationMatch: r.creation_match,
    runtimeMatch: r.runtime_match,
    error: r.error,
  };
}

/** A job for this contract still running (started within `withinMs`): a second request is a duplicate. */
export async function runningSourcifyJob(ctx: ApiContext, address: string, withinMs: number): Promise<string | null> {
  const r = await ctx.db
    .selectFrom('sourcify_jobs')
    .select('verification_id')
    .where('address', '=', address)
    .where('finished_at', 'is', null)
    .where('started_at', '>', new Date(Date.now() - withinMs))
    .executeTakeFirst();
  return r?.verification_id ?? null;
}
