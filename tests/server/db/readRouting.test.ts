/**
 * Which statements an api process with DATABASE_READ_URL sends to the replica (readRouting.ts).
 * The routing itself, against a real pg_basebackup replica, is tests/scaleout/readReplica.test.ts.
 */
import { expect, it } from 'vitest';
import { isReplicaSafe } from '../../../server/db/readRouting';

it('sends plain reads of the chain tables to the replica', () => {
  expect(isReplicaSafe('select "number" from "blocks" order by "number" desc limit $1')).toBe(true);
  expect(isReplicaSafe('  SELECT count(*) FROM address_transactions WHERE address = $1')).toBe(true);
  expect(isReplicaSafe('SET LOCAL enable_sort = off')).toBe(true);
  expect(isReplicaSafe('show server_version')).toBe(true);
});

it("keeps writes, row locks, COPY, CTEs and the API's own tables on the primary", () => {
  expect(isReplicaSafe('insert into "feedback" ("kind") values ($1)')).toBe(false);
  expect(isReplicaSafe('update "indexer_state" set "last_block" = $1')).toBe(false);
  expect(isReplicaSafe('delete from "verification_jobs" where "created_at" < $1')).toBe(false);
  expect(isReplicaSafe('select * from "indexer_state" for update')).toBe(false);
  expect(isReplicaSafe('COPY "logs" ("a") FROM STDIN')).toBe(false);
  expect(isReplicaSafe('with x as (delete from "blocks" returning 1) select * from x')).toBe(false);
  expect(isReplicaSafe('select "email", "password_hash" from "users" where "email" = $1')).toBe(false);
  expect(isReplicaSafe('select * from "api_keys" where "key_hash" = $1')).toBe(false);
  expect(isReplicaSafe('select "address" from "contract_sources"')).toBe(false);
  expect(isReplicaSafe('SET statement_timeout = 0')).toBe(false);
});
