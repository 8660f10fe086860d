-- Issue #45: which form of secret a user row's password_hash covers. 1 = the password itself (the
-- SPA before issue #45, and API clients that still send it); 2 = the log-in secret the browser
-- derives from the password (common/kdf.ts), so the keystore's key is never sent. Rows move from 1
-- to 2 in one UPDATE that also swaps the keystore (server/auth/users.ts rekeyUser).
ALTER TABLE users ADD COLUMN auth_version smallint NOT NULL DEFAULT 1;
