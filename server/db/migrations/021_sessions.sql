-- Issue #45: sessions the server can end. Every login token (server/auth/jwt.ts) carries the id
-- of one row here (`sid`); the authenticated scope accepts it only while the row is live (not
-- ended, not expired), in the same query that loads the user. Log-out ends the caller's row,
-- "log out everywhere" all of the account's rows, a password change every row but the caller's.
-- One table on the primary database, so every API replica agrees at once.
CREATE TABLE sessions (
  id          text PRIMARY KEY,
  email       text NOT NULL REFERENCES users (email) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  ended_at    timestamptz
);
CREATE INDEX sessions_live_idx ON sessions (email) WHERE ended_at IS NULL;
