/**
 * A request that meets the all-in-one process's database going away (the indexer thread that owns
 * PGlite closed its port: a stop by SIGTERM while a verification was still running) answers 503
 * "backend unavailable" with one log line, not a 500 with a stack trace in the log. Found by the
 * shipped suite's clean-log check (tests/shipped, issue #38).
 */
import { MessageChannel } from 'node:worker_threads';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { installErrorHandling } from '../../../server/core/http';
import { openRemoteDatabase } from '../../../server/db/remote';

it('answers 503 with one log line when the database thread has gone', async () => {
  const { port1, port2 } = new MessageChannel();
  const database = openRemoteDatabase(port1);
  const closed = new Promise((r) => port1.once('close', r));
  port2.close();
  await closed;
  const lines: string[] = [];
  const app = Fastify();
  installErrorHandling(app, (m) => lines.push(m));
  app.get('/x', async () => (await sql`select 1`.execute(database.db)).rows);
  try {
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(503);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/backend unavailable: the remote database port closed/);
    expect(lines[0]).not.toMatch(/\n\s+at /);
  } finally {
    await app.close();
    port1.close();
  }
});
