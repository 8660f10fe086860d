/** The readiness probe's database check: the cheapest statement that needs a working connection. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
