/**
 * The Etherscan-style verification jobs (checkverifystatus's guids), on PGlite and PostgreSQL:
 * recording one is a single statement that also trims the jobs older than a day, and every job
 * of the last day is kept.
 */
import type { KyselyPlugin } from 'kysely';
import { expect, it } from 'vitest';
import type { ApiContext } from '../../../server/core/context';
import { findJob, recordJob } from '../../../server/queries/verified';
import { describeEachDatabase } from '../../helpers/db';

/** The day recordJob keeps a job. */
const JOB_TTL_MS = 86_400_000;

describeEachDatabase('verification jobs', (getDb) => {
  it('records a job in one statement that trims the jobs older than a day and keeps the others', async () => {
    const { db } = getDb();
    const ago = (ms: number) => new Date(Date.now() - ms);
    const old = [ago(JOB_TTL_MS + 60_000), ago(30 * JOB_TTL_MS)];
    const recent = [ago(JOB_TTL_MS - 60_000), ago(60_000), ago(0)];
    await db
      .insertInto('verification_jobs')
      .values(
        [...old, ...recent].map((at, i) => ({
          guid: `job-${i}`,
          address: '0x00000000000000000000000000000000000000aa',
          outcome: 'pass' as const,
          message: `job ${i}`,
          created_at: at,
        })),
      )
      .execute();

    const statements: string[] = [];
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const ctx = { db: db.withPlugin(counter) } as unknown as ApiContext;
    const guid = await recordJob(ctx, '0x00000000000000000000000000000000000000bb', 'fail', 'Fail - Unable to verify');
    expect(statements).toEqual(['InsertQueryNode']);

    const left = await db.selectFrom('verification_jobs').select('guid').orderBy('guid').execute();
    expect(left.map((r) => r.guid)).toEqual(['job-2', 'job-3', 'job-4', guid].sort());
    expect(await findJob(ctx, guid)).toEqual({ outcome: 'fail', message: 'Fail - Unable to verify' });
    expect(await findJob(ctx, 'job-2')).toEqual({ outcome: 'pass', message: 'job 2' });
    expect(await findJob(ctx, 'job-0')).toBeNull();
  });
});
