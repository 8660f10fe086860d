-- Issue #45 item 7: the log-in and sign-up limits' counters, kept in the database so every API
-- process (replica) counts the same attempts (server/auth/attempts.ts). One row per counter and
-- fixed window: `key` names the counter (a kind and the SHA-256 of what it counts: the client's
-- network, or an email with the client's network; neither is kept in clear), `count` the attempts
-- in the window, `expires_at` its end. A row past its end counts as absent; they are deleted by
-- the API from time to time (expires_at's index).
CREATE TABLE auth_attempts (
  key        text PRIMARY KEY,
  count      integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_attempts_expires_idx ON auth_attempts (expires_at);
