-- Issue #26: the jobs of Sourcify's v2 verification API (POST /api/sourcify/v2/verify/{chainId}/{address}
-- answers a verificationId at once; GET /api/sourcify/v2/verify/{verificationId} polls it). Kept in the
-- database so any API replica can answer the poll, whichever one ran the job.
CREATE TABLE sourcify_jobs (
  verification_id  text PRIMARY KEY,
  chain_id         bigint NOT NULL,
  address          text NOT NULL,
  started_at       timestamptz NOT NULL DEFAULT now(),
  -- null while the job runs
  finished_at      timestamptz,
  compilation_ms   integer,
  -- the outcome: Sourcify's match levels ('exact_match' / 'match'), null when not matched
  match            text CHECK (match IN ('exact_match', 'match')),
  creation_match   text CHECK (creation_match IN ('exact_match', 'match')),
  runtime_match    text CHECK (runtime_match IN ('exact_match', 'match')),
  -- Sourcify's error object ({customCode, message, errorId, ...}) when the job failed
  error            jsonb
);
CREATE INDEX sourcify_jobs_started_idx ON sourcify_jobs (started_at);
