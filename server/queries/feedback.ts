/** Storing and reading report-issue and feature-request submissions (table `feedback`, 004_feedback.sql). */
import type { Kysely } from 'kysely';
import type { FeedbackKind, FeedbackRecord, FeedbackRequest } from '../../common/api/feedback';
import type { DB } from '../db/schema';

type Row = { id: number; kind: string; name: string; email: string; description: string; created_at: Date };

function toRecord(r: Row): FeedbackRecord {
  // The CHECK constraint of the table keeps kind to the two values.
  return {
    id: r.id,
    kind: r.kind as FeedbackKind,
    name: r.name,
    email: r.email,
    description: r.description,
    createdAt: r.created_at.toISOString(),
  };
}

export async function insertFeedback(db: Kysely<DB>, f: FeedbackRequest): Promise<FeedbackRecord> {
  const row = await db
    .insertInto('feedback')
    .values({ kind: f.kind, name: f.name, email: f.email, description: f.description })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export interface FeedbackQuery {
  kind?: FeedbackKind;
  /** Newest first, at most this many. */
  limit: number;
}

export async function listFeedback(db: Kysely<DB>, q: FeedbackQuery): Promise<FeedbackRecord[]> {
  let query = db.selectFrom('feedback').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit);
  if (q.kind) query = query.where('kind', '=', q.kind);
  return (await query.execute()).map(toRecord);
}
